package dev.voiceplatform.numbers.number.rest;

import java.util.List;

/** What GET /phone-numbers answers: {@code {data: [...]}} without pagination, since an organization holds one number. */
public record PhoneNumbersOut(List<PhoneNumberItem> data) {
}
