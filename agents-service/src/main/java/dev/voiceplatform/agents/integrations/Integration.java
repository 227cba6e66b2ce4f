package dev.voiceplatform.agents.integrations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;
import java.util.Optional;

/**
 * The per-agent integrations of part 4.2, each with the keys its PATCH takes and its GET shows. Integrations with
 * an account answer {@code {config, connected, <account field>?}}; the two suite-a preference sets answer their
 * keys flat, defaults filled in.
 */
public enum Integration {

    SUITE_A("suite-a", Family.SUITE_A, Shape.ACCOUNT, List.of(
            IntegrationField.text("spreadsheet_id"),
            IntegrationField.text("sheet_name"),
            IntegrationField.text("calendar_id"),
            IntegrationField.textList("enabled_tools"),
            IntegrationField.bool("require_confirmation_for_delete"))),

    SUITE_A_CALENDAR("suite-a-calendar", Family.SUITE_A, Shape.PREFERENCES, List.of(
            IntegrationField.text("calendar_id").withDefault("primary"),
            IntegrationField.minutes("default_duration").withDefault(30),
            IntegrationField.reminders("reminders").withDefault(JsonNodeFactory.instance.arrayNode()),
            IntegrationField.bool("enabled").withDefault(false).withAlias("calendar_enabled"),
            IntegrationField.bool("send_invites").withDefault(true))),

    SUITE_A_MAIL("suite-a-mail", Family.SUITE_A, Shape.PREFERENCES, List.of(
            IntegrationField.text("default_subject").withAlias("default_email_subject"),
            IntegrationField.text("signature").withAlias("mail_signature"),
            IntegrationField.bool("enabled").withDefault(false).withAlias("mail_enabled"),
            IntegrationField.bool("require_confirmation").withDefault(true).withAlias("mail_require_confirmation"))),

    CRM_A("crm-a", Family.CRM_A, Shape.ACCOUNT, List.of(
            IntegrationField.bool("sync_contacts"),
            IntegrationField.bool("sync_calls"),
            IntegrationField.bool("create_deals"),
            IntegrationField.text("default_deal_stage"),
            IntegrationField.text("default_deal_pipeline"),
            IntegrationField.text("contact_owner_id"))),

    CRM_B("crm-b", Family.CRM_B, Shape.ACCOUNT, List.of(
            IntegrationField.bool("sync_leads"),
            IntegrationField.bool("sync_contacts"),
            IntegrationField.bool("create_opportunities"),
            IntegrationField.text("default_lead_status"),
            IntegrationField.text("default_opportunity_stage"),
            IntegrationField.text("record_type_id"),
            IntegrationField.text("owner_id")));

    /** How the GET answer is shaped. */
    public enum Shape { ACCOUNT, PREFERENCES }

    /**
     * The external account behind an integration, connected once per organization; {@code accountField} is what
     * GET shows of it (and the column of integration_accounts holding it).
     */
    public enum Family {
        SUITE_A("suite-a", "suite_a_email"),
        CRM_A("crm-a", "portal_id"),
        CRM_B("crm-b", "instance_url");

        private final String wireName;
        private final String accountField;

        Family(String wireName, String accountField) {
            this.wireName = wireName;
            this.accountField = accountField;
        }

        public String wireName() {
            return wireName;
        }

        public String accountField() {
            return accountField;
        }
    }

    private final String pathSegment;
    private final Family family;
    private final Shape shape;
    private final List<IntegrationField> fields;

    Integration(String pathSegment, Family family, Shape shape, List<IntegrationField> fields) {
        this.pathSegment = pathSegment;
        this.family = family;
        this.shape = shape;
        this.fields = fields;
    }

    public static Optional<Integration> fromPath(String segment) {
        for (Integration integration : values()) {
            if (integration.pathSegment.equals(segment)) {
                return Optional.of(integration);
            }
        }
        return Optional.empty();
    }

    public String pathSegment() {
        return pathSegment;
    }

    public Family family() {
        return family;
    }

    public Shape shape() {
        return shape;
    }

    public List<IntegrationField> fields() {
        return fields;
    }

    /** The field a PATCH key names, under its own name or an alias. */
    public Optional<IntegrationField> field(String key) {
        return fields.stream().filter(field -> field.accepts(key)).findFirst();
    }
}
