package dev.voiceplatform.agents.drafts.service;

import java.util.Arrays;
import java.util.List;

/**
 * Payment methods a page mentions, by keyword. Ambiguous everyday words are left out ("check", "a bit"), so
 * cheques are found as "cheque" or "צ׳ק" and the Bit app by its Hebrew name.
 */
enum PaymentMethod {
    CREDIT_CARD("credit_card", List.of("credit card", "visa", "mastercard", "american express", "amex", "diners",
            "כרטיס אשראי", "כרטיסי אשראי", "אשראי", "ויזה", "מאסטרקארד", "ישראכרט")),
    CASH("cash", List.of("cash", "מזומן", "מזומנים")),
    BANK_TRANSFER("bank_transfer", List.of("bank transfer", "wire transfer", "העברה בנקאית", "העברות בנקאיות")),
    PAYPAL("paypal", List.of("paypal", "פייפאל")),
    BIT("bit", List.of("ביט", "bit app")),
    PAYBOX("paybox", List.of("paybox", "פייבוקס")),
    APPLE_PAY("apple_pay", List.of("apple pay")),
    GOOGLE_PAY("google_pay", List.of("google pay")),
    CHEQUE("cheque", List.of("cheque", "צ'ק", "צ׳ק", "צ'קים", "צ׳קים", "המחאה")),
    INSTALLMENTS("installments", List.of("installments", "instalments", "payment plan", "תשלומים ללא ריבית",
            "פריסת תשלומים", "פריסה לתשלומים"));

    private final String id;
    private final Keywords keywords;

    PaymentMethod(String id, List<String> keywords) {
        this.id = id;
        this.keywords = Keywords.of(keywords);
    }

    static List<String> mentionedIn(String text) {
        return Arrays.stream(values()).filter(method -> method.keywords.foundIn(text)).map(method -> method.id)
                .toList();
    }
}
