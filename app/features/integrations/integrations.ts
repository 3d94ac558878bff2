/**
 * The console's integrations (admins, /staff/integrations): endpoints that
 * hear of enquiries where the team works. A generic webhook (signed by the
 * Standard Webhooks specification), a Slack incoming webhook or a Microsoft
 * Teams workflow webhook; each chooses its events and how much it says.
 * Delivered like the e-mails: stored with the event, sent by the worker,
 * retried for about a day, then dead-lettered into the console's banner and
 * digest (docs/decisions/022-integrations.md). Types, labels and the form's
 * schema; app/features/integrations/integrations.server.ts implements the service and
 * app/features/integrations/deliveries.server.ts the delivery.
 */
import { z } from "zod";
import { hasDisallowedCharacters } from "~/platform/text";
import type { EnquiryKind } from "~/features/enquiries";
import { enquiryEvents, type EnquiryEvent } from "~/features/enquiries";

export const integrationKinds = ["webhook", "slack", "teams"] as const;
export type IntegrationKind = (typeof integrationKinds)[number];

export const integrationKindLabels: Record<IntegrationKind, string> = {
  webhook: "Webhook (signed)",
  slack: "Slack",
  teams: "Microsoft Teams",
};

/** What an endpoint may listen to: the enquiries' events (~/features/enquiries/events). */
export const integrationEvents = enquiryEvents;
export type IntegrationEvent = EnquiryEvent;

export const integrationEventLabels: Record<IntegrationEvent, string> = {
  "enquiry.received": "A new enquiry arrives",
  "enquiry.released": "An enquiry is released from spam",
  "delivery.dead_lettered": "An e-mail about an enquiry could not be sent (every retry failed)",
};

/** How much an endpoint is told: a link into the console, or also who wrote (never the message). */
export const integrationDetails = ["link", "summary"] as const;
export type IntegrationDetail = (typeof integrationDetails)[number];

export const integrationDetailLabels: Record<IntegrationDetail, string> = {
  link: "Link only: the form, the time and a link into the console. No personal data leaves the site.",
  summary: "Summary: also the name, organisation and interest. Never the message.",
};

/** A webhook delivery's state; "skipped": its endpoint was paused when its turn came. */
export const integrationDeliveryStatuses = ["queued", "sent", "failed", "dead", "skipped"] as const;
export type IntegrationDeliveryStatus = (typeof integrationDeliveryStatuses)[number];

export const integrationDeliveryStatusLabels: Record<IntegrationDeliveryStatus, string> = {
  queued: "Queued",
  sent: "Delivered",
  failed: "Failed, will retry",
  dead: "Given up",
  skipped: "Not sent (paused)",
};

/** Where each kind's address comes from, as the add form says it. */
export const integrationUrlHints: Record<IntegrationKind, string> = {
  webhook: "The https:// address of your receiver. Requests are signed (Standard Webhooks).",
  slack: "Slack: an incoming webhook URL, https://hooks.slack.com/services/…",
  teams: "Teams: the URL of a workflow “When a Teams webhook request is received”.",
};

export const INTEGRATION_NAME_MAX = 80;
export const WEBHOOK_LOG_PAGE_SIZE = 50;

/** What the add and edit forms post (the address is checked again by the server's SSRF rules). */
export const integrationInput = z.object({
  kind: z.enum(integrationKinds, { error: "Choose what to connect" }),
  name: z
    .string()
    .trim()
    .min(1, "Enter a name, like “Sales channel”")
    .max(INTEGRATION_NAME_MAX, `Use at most ${INTEGRATION_NAME_MAX} characters`)
    .refine((name) => !hasDisallowedCharacters(name), "The name contains characters that are not allowed"),
  url: z.string().trim().min(1, "Enter the address to send to").max(2048, "Use an address of at most 2,048 characters"),
  events: z.array(z.enum(integrationEvents)).min(1, "Choose at least one event"),
  detail: z.enum(integrationDetails, { error: "Choose how much to send" }).default("link"),
});
export type IntegrationInput = z.infer<typeof integrationInput>;

/** An endpoint as the console lists it. Its address is shown only as its host: Slack and Teams addresses are secrets. */
export type Integration = {
  id: string;
  kind: IntegrationKind;
  name: string;
  host: string;
  events: IntegrationEvent[];
  detail: IntegrationDetail;
  paused: boolean;
  createdAt: Date;
  /** The last attempt's outcome, if any. */
  last: { at: Date; status: IntegrationDeliveryStatus; httpStatus: number | null } | null;
  /** Deliveries given up (dead), for the list's warning. */
  dead: number;
};

/** One delivery in an endpoint's log, or on an enquiry's page. */
export type IntegrationDelivery = {
  id: string;
  integrationId: string;
  integrationName: string;
  enquiryId: string;
  enquiryKind: EnquiryKind;
  event: IntegrationEvent;
  status: IntegrationDeliveryStatus;
  attempts: number;
  createdAt: Date;
  lastAttemptAt: Date | null;
  /** A failing delivery's next try (its job's start), while it waits for it. */
  nextAttemptAt: Date | null;
  httpStatus: number | null;
  latencyMs: number | null;
  /** The first 500 characters of the receiver's answer. */
  response: string | null;
  lastError: string | null;
};

export type IntegrationPage = {
  /**
   * With its address (a Slack or Teams address is a secret: the console shows
   * only its host) and, for a webhook whose secret was replaced less than 24
   * hours ago, when the replaced one stops signing.
   */
  integration: Integration & { url: string; previousSecretUntil: Date | null };
  deliveries: IntegrationDelivery[];
  page: number;
  pages: number;
};

/**
 * What adding or changing an endpoint did: saved (a new webhook's signing
 * secret with it), or refused: its address (`errors.url`), or, when adding,
 * `duplicate`: an endpoint of the same kind already sends to this address
 * (added anyway only when confirmed).
 */
export type IntegrationSaved =
  | { ok: true; id: string; secret?: string }
  | { ok: false; errors: { url?: string }; duplicate?: { id: string; name: string } };
