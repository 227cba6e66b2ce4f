package dev.voiceplatform.common.api;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EmailAddressesTest {

    @Test
    void anAddressHasALocalPartAndADomainOfNonEmptyLabels() {
        for (String good : new String[] {"a@b.c", "dana.levi+leads@clinic.example.co.il", "o'brien@example.com"}) {
            assertTrue(EmailAddresses.valid(good), good);
        }
        for (String bad : new String[] {"a@b..c", "a@.b.c", "a@b.c.", "a@b", "@b.c", "a@@b.c", "a b@c.d", "a@b c.d",
                "not-an-email", "", "a@b.c@d.e"}) {
            assertFalse(EmailAddresses.valid(bad), bad);
        }
        assertFalse(EmailAddresses.valid(null));
    }

    @Test
    void atMost254Characters() {
        String domain = "@example.com";
        assertTrue(EmailAddresses.valid("x".repeat(254 - domain.length()) + domain));
        assertFalse(EmailAddresses.valid("x".repeat(255 - domain.length()) + domain));
    }
}
