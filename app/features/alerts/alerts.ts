/**
 * What every console page warns about (the layout's banner): e-mails,
 * integration messages and text messages given up after every retry (dead
 * letters) need a person.
 */
/** What was given up after every retry, right now. */
export type DeadLetters = {
  /** E-mail deliveries of enquiries. */
  emails: number;
  /** Webhook, Slack and Teams deliveries. */
  webhooks: number;
  /** Text messages (SMS). */
  texts: number;
};

/** The inbox filtered to delivery problems (failed, dead, or queued too long). */
export const DELIVERY_PROBLEMS_PATH = "/staff?problem=1";

/** The console's text messages (admins), with Retry on each one given up. */
export const TEXT_MESSAGES_PATH = "/staff/text-messages";

/** The integrations (admins), where each endpoint's log has a Resend button. */
export const INTEGRATIONS_PATH = "/staff/integrations";
