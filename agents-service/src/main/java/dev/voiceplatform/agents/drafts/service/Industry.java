package dev.voiceplatform.agents.drafts.service;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The industries the wizards recognise by keyword, each with the tone it usually calls for and the goals an agent
 * of such a business usually has, in English and Hebrew. {@link #GENERAL} stands for a business none of the
 * keyword lists fits.
 */
public enum Industry {
    DENTAL("dental", Tone.FRIENDLY,
            List.of("dentist", "dental", "orthodontist", "orthodontics", "teeth", "tooth", "dental implant",
                    "teeth whitening", "hygienist"),
            List.of("שיניים", "רופא שיניים", "רופאת שיניים", "אורתודנט", "אורתודונטיה", "הלבנת שיניים",
                    "שתלים", "שיננית"),
            List.of("Book check-ups, cleanings and treatment appointments",
                    "Answer questions about treatments, prices and opening hours",
                    "Take the details of patients in pain and pass them on as urgent"),
            List.of("לקבוע תורים לבדיקות, לניקוי אבנית ולטיפולים",
                    "לענות על שאלות על טיפולים, מחירים ושעות פעילות",
                    "לרשום את פרטי המטופלים שסובלים מכאבים ולהעביר אותם לטיפול דחוף")),
    VETERINARY("veterinary", Tone.FRIENDLY,
            List.of("vet", "veterinary", "veterinarian", "pet", "dog", "cat", "animal hospital", "grooming"),
            List.of("וטרינר", "וטרינרית", "וטרינרי", "חיות מחמד", "כלב", "כלבים", "חתול", "חתולים"),
            List.of("Book appointments for check-ups, vaccinations and treatments",
                    "Answer questions about services, prices and opening hours",
                    "Recognise emergencies and direct them to the clinic's emergency line at once"),
            List.of("לקבוע תורים לבדיקות, לחיסונים ולטיפולים",
                    "לענות על שאלות על השירותים, המחירים ושעות הפעילות",
                    "לזהות מקרי חירום ולהפנות אותם מיד לקו החירום של המרפאה")),
    MEDICAL("medical", Tone.PROFESSIONAL,
            List.of("clinic", "doctor", "physician", "medical", "physiotherapy", "physiotherapist", "pediatrician",
                    "dermatologist", "patient", "healthcare"),
            List.of("מרפאה", "רופא", "רופאה", "רפואי", "רפואית", "פיזיותרפיה", "קליניקה", "מטופלים", "מטופל"),
            List.of("Book, move and cancel appointments",
                    "Answer questions about services, opening hours and what to bring to a visit",
                    "Direct callers with an emergency to emergency services at once"),
            List.of("לקבוע, להזיז ולבטל תורים",
                    "לענות על שאלות על השירותים, שעות הפעילות ומה צריך להביא לביקור",
                    "להפנות מיד מתקשרים במצב חירום למוקד החירום")),
    LEGAL("legal", Tone.FORMAL,
            List.of("lawyer", "attorney", "law firm", "legal", "solicitor", "litigation", "notary"),
            List.of("עורך דין", "עורכת דין", "עורכי דין", "עו\"ד", "עו״ד", "משרד עורכי דין", "ייעוץ משפטי",
                    "משפטי", "נוטריון", "ליטיגציה"),
            List.of("Learn what each new enquiry is about, how urgent it is and who is calling",
                    "Book consultations with the right attorney",
                    "Take messages for the attorneys without giving legal advice"),
            List.of("לברר במה עוסקת כל פנייה חדשה, עד כמה היא דחופה ומי הפונה",
                    "לקבוע פגישות ייעוץ עם עורך הדין המתאים",
                    "לרשום הודעות לעורכי הדין בלי לתת ייעוץ משפטי")),
    RESTAURANT("restaurant", Tone.FRIENDLY,
            List.of("restaurant", "cafe", "café", "bistro", "menu", "dinner", "brunch", "pizza", "sushi", "bakery",
                    "catering", "takeaway", "reservation"),
            List.of("מסעדה", "מסעדות", "בית קפה", "תפריט", "קייטרינג", "מאפייה", "פיצה", "פיצות", "פיצרייה",
                    "פיצריה", "פסטה", "פסטות", "סושי", "המבורגר", "ארוחת ערב", "ארוחות", "הזמנת מקום", "משלוחים"),
            List.of("Take table reservations",
                    "Answer questions about the menu, dietary options and opening hours",
                    "Take orders for pickup or delivery"),
            List.of("לקבל הזמנות מקום",
                    "לענות על שאלות על התפריט, על מנות טבעוניות וללא גלוטן, על הכשרות ועל שעות הפתיחה",
                    "לקבל הזמנות לאיסוף עצמי ולמשלוח")),
    BEAUTY("beauty", Tone.FRIENDLY,
            List.of("salon", "spa", "hair", "haircut", "nails", "manicure", "barber", "beauty", "makeup",
                    "massage", "cosmetics", "facial", "lashes"),
            List.of("מספרה", "ספא", "קוסמטיקה", "קוסמטיקאית", "ציפורניים", "מניקור", "איפור", "עיסוי", "טיפוח",
                    "גבות", "ריסים", "תספורת"),
            List.of("Book, move and cancel appointments",
                    "Answer questions about treatments, prices and availability",
                    "Suggest treatments and add-ons that suit the caller"),
            List.of("לקבוע, להזיז ולבטל תורים",
                    "לענות על שאלות על טיפולים, מחירים וזמינות",
                    "להמליץ על טיפולים ותוספות שמתאימים למתקשר")),
    REAL_ESTATE("real_estate", Tone.PROFESSIONAL,
            List.of("real estate", "realtor", "property", "properties", "apartment", "listing", "for rent",
                    "for sale", "brokerage"),
            List.of("נדל\"ן", "נדל״ן", "דירה", "דירות", "נכס", "נכסים", "תיווך", "מתווך", "מתווכת", "להשכרה",
                    "למכירה"),
            List.of("Qualify buyers and renters: budget, area, size and timing",
                    "Book property viewings",
                    "Take the details of sellers and landlords for an agent"),
            List.of("לאפיין קונים ושוכרים: תקציב, אזור, גודל ולוח זמנים",
                    "לתאם סיורים בנכסים",
                    "לרשום את פרטי המוכרים והמשכירים עבור סוכן")),
    AUTOMOTIVE("automotive", Tone.FRIENDLY,
            List.of("garage", "car", "auto repair", "mechanic", "tyre", "tire", "vehicle", "dealership",
                    "oil change"),
            List.of("מוסך", "רכב", "רכבים", "מכונאי", "צמיגים", "פחחות", "טסט", "החלפת שמן"),
            List.of("Book service and repair appointments",
                    "Answer questions about services, prices and opening hours",
                    "Tell callers how their car's service is going, or take a message"),
            List.of("לקבוע תורים לטיפולים ולתיקונים",
                    "לענות על שאלות על השירותים, המחירים ושעות הפעילות",
                    "לעדכן את המתקשרים במצב הרכב שלהם במוסך, או לרשום הודעה")),
    FITNESS("fitness", Tone.FRIENDLY,
            List.of("gym", "fitness", "yoga", "pilates", "personal trainer", "workout", "crossfit", "membership"),
            List.of("חדר כושר", "כושר", "יוגה", "פילאטיס", "מאמן", "מאמנת", "אימון", "אימונים", "מנוי"),
            List.of("Book trial classes and personal training sessions",
                    "Answer questions about memberships, prices and the class schedule",
                    "Take the details of people who want to join"),
            List.of("לקבוע שיעורי ניסיון ואימונים אישיים",
                    "לענות על שאלות על מנויים, מחירים ומערכת השיעורים",
                    "לרשום את פרטי המתעניינים בהצטרפות")),
    HOSPITALITY("hospitality", Tone.FRIENDLY,
            List.of("hotel", "hostel", "guest house", "bed and breakfast", "resort", "suite", "check-in",
                    "vacation rental"),
            List.of("מלון", "צימר", "צימרים", "אירוח", "סוויטה", "סוויטות", "בית הארחה", "חדרי אירוח"),
            List.of("Take room bookings and answer questions about availability",
                    "Answer questions about rooms, facilities, check-in and check-out",
                    "Take special requests and pass them on to the team"),
            List.of("לקבל הזמנות חדרים ולענות על שאלות על זמינות",
                    "לענות על שאלות על החדרים, המתקנים ושעות הכניסה והעזיבה",
                    "לקבל בקשות מיוחדות ולהעביר אותן לצוות")),
    HOME_SERVICES("home_services", Tone.FRIENDLY,
            List.of("plumber", "plumbing", "electrician", "cleaning", "handyman", "hvac", "air conditioning",
                    "roofing", "locksmith", "pest control", "movers", "renovation"),
            List.of("אינסטלטור", "אינסטלציה", "חשמלאי", "ניקיון", "שיפוצים", "הנדימן", "מזגנים", "מיזוג אוויר",
                    "מנעולן", "הדברה", "הובלות"),
            List.of("Book service visits and quotes",
                    "Ask what the problem is, where, and how urgent it is, and take the caller's details",
                    "Answer questions about service areas, prices and availability"),
            List.of("לתאם ביקורי שירות והצעות מחיר",
                    "לברר מה התקלה, איפה ועד כמה היא דחופה, ולרשום את פרטי הפונה",
                    "לענות על שאלות על אזורי השירות, המחירים והזמינות")),
    EDUCATION("education", Tone.FRIENDLY,
            List.of("school", "course", "lesson", "tutoring", "tutor", "academy", "college", "kindergarten",
                    "enrollment"),
            List.of("בית ספר", "קורס", "קורסים", "שיעורים", "שיעורים פרטיים", "מכללה", "גן ילדים", "הרשמה",
                    "מורה"),
            List.of("Answer questions about courses, schedules and prices",
                    "Enrol students and book trial lessons",
                    "Take the details of interested parents and students"),
            List.of("לענות על שאלות על הקורסים, מערכת השעות והמחירים",
                    "לרשום תלמידים ולקבוע שיעורי ניסיון",
                    "לרשום את פרטי ההורים והתלמידים המתעניינים")),
    FINANCE("finance", Tone.PROFESSIONAL,
            List.of("insurance", "accounting", "accountant", "tax return", "bookkeeping", "financial advisor",
                    "pension", "mortgage", "loan"),
            List.of("ביטוח", "ביטוחים", "רואה חשבון", "רואי חשבון", "רו\"ח", "רו״ח", "הנהלת חשבונות",
                    "החזרי מס", "פנסיה", "משכנתא", "הלוואה"),
            List.of("Learn what each enquiry is about and book a meeting with an advisor",
                    "Answer general questions about services and fees",
                    "Take messages without giving personal financial advice"),
            List.of("לברר במה עוסקת הפנייה ולקבוע פגישה עם יועץ",
                    "לענות על שאלות כלליות על השירותים ועל שכר הטרחה",
                    "לרשום הודעות בלי לתת ייעוץ פיננסי אישי")),
    RETAIL("retail", Tone.FRIENDLY,
            List.of("shop", "store", "boutique", "online store", "in stock", "shipping", "returns"),
            List.of("חנות", "בוטיק", "מוצרים", "במלאי", "החזרות", "החלפות"),
            List.of("Answer questions about products, stock and prices",
                    "Tell callers where their order is, or take a message",
                    "Explain returns, exchanges and opening hours"),
            List.of("לענות על שאלות על מוצרים, מלאי ומחירים",
                    "לעדכן את המתקשרים איפה ההזמנה שלהם, או לרשום הודעה",
                    "להסביר את מדיניות ההחזרות וההחלפות ואת שעות הפתיחה")),
    GENERAL("general", Tone.PROFESSIONAL, List.of(), List.of(),
            List.of("Answer callers' questions about the business, its services and opening hours",
                    "Take the caller's name, phone number and reason for calling",
                    "Book appointments or pass requests on to the team"),
            List.of("לענות על שאלות המתקשרים על העסק, השירותים ושעות הפעילות",
                    "לרשום את שם המתקשר, מספר הטלפון שלו וסיבת הפנייה",
                    "לקבוע פגישות או להעביר בקשות לצוות"));

    private final String id;
    private final Tone usualTone;
    private final Keywords keywords;
    private final List<String> goalsEnglish;
    private final List<String> goalsHebrew;

    Industry(String id, Tone usualTone, List<String> englishKeywords, List<String> hebrewKeywords,
            List<String> goalsEnglish, List<String> goalsHebrew) {
        this.id = id;
        this.usualTone = usualTone;
        List<String> all = new java.util.ArrayList<>(englishKeywords);
        all.addAll(hebrewKeywords);
        this.keywords = all.isEmpty() ? null : Keywords.of(all);
        this.goalsEnglish = goalsEnglish;
        this.goalsHebrew = goalsHebrew;
    }

    String id() {
        return id;
    }

    Tone usualTone() {
        return usualTone;
    }

    public List<String> goals(DraftLanguage language) {
        return language == DraftLanguage.HE ? goalsHebrew : goalsEnglish;
    }

    /** The industry whose keywords occur most often in the text; {@link #GENERAL} when none occurs. */
    static Industry detect(String text) {
        Industry best = GENERAL;
        int bestHits = 0;
        for (Industry industry : values()) {
            int hits = industry.keywords == null ? 0 : industry.keywords.count(text);
            if (hits > bestHits) {
                best = industry;
                bestHits = hits;
            }
        }
        return best;
    }

    /** An industry the questionnaire names, by identifier ("real_estate") or by a keyword ("dentist", "מסעדה"). */
    static Optional<Industry> named(String name) {
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        String normalized = name.strip().toLowerCase(Locale.ROOT).replace(' ', '_').replace('-', '_');
        for (Industry industry : values()) {
            if (industry.id.equals(normalized)) {
                return Optional.of(industry);
            }
        }
        Industry detected = detect(name);
        return detected == GENERAL ? Optional.empty() : Optional.of(detected);
    }
}
