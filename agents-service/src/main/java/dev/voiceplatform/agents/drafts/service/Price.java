package dev.voiceplatform.agents.drafts.service;

import java.math.BigDecimal;

/**
 * A price found on a page.
 *
 * @param label what the price is for, from the text around it (the line, or the heading above it)
 * @param amount the amount as a number
 * @param currency ISO 4217 code (USD, ILS, EUR, GBP)
 * @param text the line the price was read from, as written
 */
public record Price(String label, BigDecimal amount, String currency, String text) {
}
