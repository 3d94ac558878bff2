/**
 * Names of the anti-spam fields every enquiry form carries (client-safe).
 * The honeypot is a text input hidden from people and assistive technology;
 * bots that fill every field give themselves away.
 */
export const HONEYPOT_FIELD = "website";
export const TIMESTAMP_FIELD = "formStartedAt";
