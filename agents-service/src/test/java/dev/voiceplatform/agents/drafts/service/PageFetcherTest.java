package dev.voiceplatform.agents.drafts.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PageFetcherTest {

    @Test
    void aSiteTypedWithoutASchemeIsReadAsHttps() {
        assertEquals("https://example.com", PageFetcher.withScheme("example.com"));
        assertEquals("https://www.example.co.il/about?x=1", PageFetcher.withScheme(" www.example.co.il/about?x=1 "));
        assertEquals("http://example.com/", PageFetcher.withScheme("http://example.com/"));
        // Anything else is left for the guard to refuse as it is.
        assertEquals("ftp://example.com/", PageFetcher.withScheme("ftp://example.com/"));
        assertEquals("javascript:alert(1)", PageFetcher.withScheme("javascript:alert(1)"));
        assertEquals("127.0.0.1/admin", PageFetcher.withScheme("127.0.0.1/admin"));
    }
}
