package dev.voiceplatform.gateway.admin;

/** Validation rules and messages shared by the admin request bodies. */
final class AdminMessages {

    static final String PLAN = "must be one of trial, starter, pro, enterprise";
    static final String STATUS = "must be one of active, suspended, trial_expired";
    static final String KIND_PATTERN = "organization|reseller";
    static final String KIND = "must be one of organization, reseller";
    static final String ORIGIN = "must be one of api, ai_client";
    static final String NOT_BLANK_PATTERN = "(?s).*\\S.*";

    private AdminMessages() {
    }
}
