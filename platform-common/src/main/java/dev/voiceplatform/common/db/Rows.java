package dev.voiceplatform.common.db;

import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import java.util.Optional;
import java.util.function.Function;

/** Reading single rows from the reactive client's answers. */
public final class Rows {

    private Rows() {
    }

    /** The first row mapped, or null when the query found none. */
    public static <T> T firstOrNull(RowSet<Row> rows, Function<Row, T> mapper) {
        return rows.size() == 0 ? null : mapper.apply(rows.iterator().next());
    }

    /** The first row mapped, or empty when the query found none. */
    public static <T> Optional<T> first(RowSet<Row> rows, Function<Row, T> mapper) {
        return Optional.ofNullable(firstOrNull(rows, mapper));
    }
}
