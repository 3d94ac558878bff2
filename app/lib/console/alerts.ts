/**
 * What every console page warns about (the layout's banner): e-mails that
 * were given up after every retry (dead letters) need a person.
 */
export interface Alerts {
  /** How many e-mail deliveries are dead (given up) right now. */
  deadLetterCount(): Promise<number>;
}

/** The inbox filtered to delivery problems (failed, dead, or queued too long). */
export const DELIVERY_PROBLEMS_PATH = "/staff?problem=1";
