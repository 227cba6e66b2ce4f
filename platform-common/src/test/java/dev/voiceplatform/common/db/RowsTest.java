package dev.voiceplatform.common.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.sqlclient.RowIterator;
import java.lang.reflect.Proxy;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RowsTest {

    private final io.vertx.sqlclient.Row first = row();
    private final io.vertx.sqlclient.Row second = row();

    @Test
    void theFirstRowIsMappedAndTheRestIgnored() {
        RowSet<io.vertx.mutiny.sqlclient.Row> rows = rowSet(List.of(first, second));
        assertEquals(first, Rows.firstOrNull(rows, row -> row.getDelegate()));
        assertEquals(Optional.of(first), Rows.first(rows, row -> row.getDelegate()));
    }

    @Test
    void noRowIsNullOrEmptyAndTheMapperIsNotCalled() {
        RowSet<io.vertx.mutiny.sqlclient.Row> rows = rowSet(List.of());
        assertNull(Rows.firstOrNull(rows, row -> {
            throw new AssertionError("no row to map");
        }));
        assertEquals(Optional.empty(), Rows.first(rows, row -> row));
    }

    private static io.vertx.sqlclient.Row row() {
        return (io.vertx.sqlclient.Row) Proxy.newProxyInstance(RowsTest.class.getClassLoader(),
                new Class<?>[] {io.vertx.sqlclient.Row.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    /** A result set of the reactive client holding these rows, answering only what reading them needs. */
    @SuppressWarnings("unchecked")
    private static RowSet<io.vertx.mutiny.sqlclient.Row> rowSet(List<io.vertx.sqlclient.Row> rows) {
        io.vertx.sqlclient.RowSet<io.vertx.sqlclient.Row> delegate = (io.vertx.sqlclient.RowSet<io.vertx.sqlclient.Row>)
                Proxy.newProxyInstance(RowsTest.class.getClassLoader(), new Class<?>[] {io.vertx.sqlclient.RowSet.class},
                        (proxy, method, args) -> switch (method.getName()) {
                            case "size" -> rows.size();
                            case "iterator" -> iterator(rows);
                            default -> throw new UnsupportedOperationException(method.getName());
                        });
        return RowSet.newInstance(delegate,
                io.vertx.mutiny.sqlclient.Row.__TYPE_ARG);
    }

    private static RowIterator<io.vertx.sqlclient.Row> iterator(List<io.vertx.sqlclient.Row> rows) {
        Iterator<io.vertx.sqlclient.Row> items = rows.iterator();
        @SuppressWarnings("unchecked")
        RowIterator<io.vertx.sqlclient.Row> iterator = (RowIterator<io.vertx.sqlclient.Row>) Proxy.newProxyInstance(
                RowsTest.class.getClassLoader(), new Class<?>[] {RowIterator.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "hasNext" -> items.hasNext();
                    case "next" -> items.next();
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return iterator;
    }
}
