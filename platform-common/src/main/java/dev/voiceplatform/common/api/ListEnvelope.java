package dev.voiceplatform.common.api;

import java.util.List;

/** The list envelope of part 2.1. */
public record ListEnvelope<T>(List<T> data, Pagination pagination) {

    public static <T> ListEnvelope<T> of(List<T> items, long total, PageRequest page) {
        return new ListEnvelope<>(items, new Pagination(total, page.limit(), page.offset(),
                page.offset() + items.size() < total));
    }
}
