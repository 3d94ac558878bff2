/**
 * What every console page warns about (the layout's banner): e-mails and
 * integration messages that were given up after every retry (dead letters)
 * need a person.
 */
export interface Alerts {
  /** How many e-mail deliveries are dead (given up) right now. */
  deadLetterCount(): Promise<number>;
  /** How many webhook, Slack and Teams deliveries are dead right now. */
  deadWebhookCount(): Promise<number>;
}

/** The inbox filtered to delivery problems (failed, dead, or queued too long). */
export const DELIVERY_PROBLEMS_PATH = "/staff?problem=1";

/** The integrations (admins), where each endpoint's log has a Resend button. */
export const INTEGRATIONS_PATH = "/staff/integrations";
