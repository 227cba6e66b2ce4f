package dev.voiceplatform.agents.drafts.service;

/** A person named in a page's team section; {@code role} is null when the page gives none. */
public record TeamMember(String name, String role) {
}
