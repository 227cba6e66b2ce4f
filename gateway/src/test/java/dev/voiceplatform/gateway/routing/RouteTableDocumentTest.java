package dev.voiceplatform.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.voiceplatform.gateway.keys.Scope;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** docs/architecture.md lists the public routes; the page must say what the gateway does, row for row. */
class RouteTableDocumentTest {

    private static final Path PAGE = Path.of("..", "docs", "architecture.md");
    private static final String SECTION = "### Route table today";
    private static final String HEADER = "| method | path | service | scopes |";

    @Test
    void thePageListsExactlyTheRoutesOfTheTable() throws IOException {
        List<String> documented = documentedRows(Files.readString(PAGE));
        List<String> table = new RouteTable().routes().stream().map(RouteTableDocumentTest::row).toList();
        assertEquals(table.stream().sorted().collect(Collectors.joining("\n")),
                documented.stream().sorted().collect(Collectors.joining("\n")),
                "docs/architecture.md (" + SECTION + ") and RouteTable differ");
        assertEquals(table.size(), documented.size(), "a route listed twice");
    }

    private static String row(Route route) {
        String service = route.service().name();
        String scopes = route.keyless() ? "no key" : route.requiredScopes().isEmpty() ? "none"
                : route.requiredScopes().stream().map(Scope::wireName).collect(Collectors.joining(", "));
        return String.join(" | ", route.method().name(), route.pattern(), service, scopes);
    }

    /** The rows of the first table after the section heading, cells trimmed and joined as {@link #row} does. */
    private static List<String> documentedRows(String page) {
        int section = page.indexOf(SECTION);
        assertTrue(section >= 0, "the page has the section " + SECTION);
        int header = page.indexOf(HEADER, section);
        assertTrue(header >= 0, "the section has the table " + HEADER);
        List<String> rows = new ArrayList<>();
        List<String> lines = page.substring(header).lines().skip(2).toList();
        for (String line : lines) {
            if (!line.startsWith("|")) {
                break;
            }
            List<String> cells = new ArrayList<>();
            for (String cell : line.substring(1, line.length() - 1).split("\\|")) {
                cells.add(cell.strip());
            }
            rows.add(String.join(" | ", cells));
        }
        return rows;
    }
}
