/**
 * What happens to enquiries that other features may hear of (the
 * integrations send each to the endpoints that listen: webhooks, Slack,
 * Teams): an enquiry accepted, released from the spam folder, or one of its
 * e-mails given up after every retry. Who hears them: ./events.server.ts.
 */
export const enquiryEvents = ["enquiry.received", "enquiry.released", "delivery.dead_lettered"] as const;
export type EnquiryEvent = (typeof enquiryEvents)[number];
