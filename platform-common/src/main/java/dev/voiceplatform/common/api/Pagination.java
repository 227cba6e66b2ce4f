package dev.voiceplatform.common.api;

import com.fasterxml.jackson.annotation.JsonProperty;

public record Pagination(long total, int limit, int offset, @JsonProperty("has_more") boolean hasMore) {
}
