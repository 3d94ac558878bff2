/**
 * The console's inbox: the enquiries as staff list, filter, search, read,
 * annotate, close and export them (implemented by app/features/inbox/inbox.server.ts).
 * Types, constants and pure helpers only: the routes and the server share them.
 */
import { deliveryKinds, isEnquiryKind, type DeliveryKind, type EnquiryKind } from "~/features/enquiries";
import type { EnquiryField, EnquirySource } from "~/features/enquiries";
export type { EnquiryField };
import { dayRefusal, isSiteDay } from "~/platform/calendar";
import type { RequestMeta, StaffMember } from "~/features/console";
import { hasDisallowedCharacters } from "~/platform/text";
import { grouped, plural } from "~/platform/words";

export const INBOX_PAGE_SIZE = 50;
/** A delivery still queued this long after it was created counts as a delivery problem. */
export const STUCK_AFTER_MINUTES = 15;
export const NOTE_MAX_LENGTH = 5000;
/** Search terms are cut to this length. */
export const SEARCH_MAX_LENGTH = 100;

export const deliveryStates = ["queued", "sent", "failed", "dead"] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export const inboxStates = ["new", "handled"] as const;
export type InboxState = (typeof inboxStates)[number];

/** The inbox's filters, as the GET form and the CSV export's query string carry them. */
export type InboxFilters = {
  kind?: EnquiryKind;
  state?: InboxState;
  /** Only enquiries with an e-mail failed, dead-lettered, or still queued after 15 minutes. */
  problem?: boolean;
  /** Part of a name, e-mail address or organisation (case-insensitive). */
  q?: string;
  /** Received on or after this London day ("YYYY-MM-DD"). */
  from?: string;
  /** Received on or before this London day ("YYYY-MM-DD"). */
  to?: string;
  /** Who is dealing with it: the signed-in member ("mine"), nobody yet, or a member's id. */
  assigned?: "mine" | "nobody" | (string & {});
};

/** The most ids one bulk change takes: a page of the inbox. */
export const BULK_MAX = INBOX_PAGE_SIZE;

/** What the inbox's bulk form does to the enquiries ticked. */
export type BulkChange =
  | { action: "handled" }
  | { action: "reopen" }
  | { action: "spam" }
  /** To a member (their id), or to nobody (null). */
  | { action: "assign"; memberId: string | null };

/** How many of the enquiries asked for changed; the others were already so, or are gone (erased, moved to spam). */
export type BulkOutcome = { changed: number; unchanged: number; missing: number };

/** Someone an enquiry can be assigned to: their name and address as a label, and the address. */
export type Assignee = { id: string; label: string; email: string };

/** The bulk form's buttons (`intent`) and what each did, as the inbox says it. */
export const bulkIntents = ["handled", "reopen", "spam", "assign"] as const;
export type BulkIntent = (typeof bulkIntents)[number];

/** The assign control's value for "nobody" (a member's id is never this). */
export const UNASSIGN = "nobody";

/**
 * The inbox's bulk form, read: the ids ticked and the change asked for, or
 * an error for the visitor (nothing ticked, nobody chosen to assign to).
 * `me` is the member posting (the assign list offers "Me").
 */
export function parseBulkForm(
  form: FormData,
  assignees: readonly Assignee[],
):
  | { ok: true; ids: string[]; change: BulkChange; intent: BulkIntent }
  | { ok: false; ids: string[]; error: { field: "ids" | "assignee"; message: string } }
  | null {
  const intent = String(form.get("intent") ?? "") as BulkIntent;
  if (!bulkIntents.includes(intent)) return null;
  const ids = form.getAll("id").map(String).slice(0, BULK_MAX);
  if (ids.length === 0) return { ok: false, ids, error: { field: "ids", message: "Select at least one enquiry" } };
  if (intent !== "assign") return { ok: true, ids, intent, change: { action: intent } };
  const assignee = String(form.get("assignee") ?? "");
  if (assignee === UNASSIGN) return { ok: true, ids, intent, change: { action: "assign", memberId: null } };
  if (!assignees.some((member) => member.id === assignee))
    return { ok: false, ids, error: { field: "assignee", message: "Choose who to assign them to" } };
  return { ok: true, ids, intent, change: { action: "assign", memberId: assignee } };
}

/** What the inbox says after a bulk change (`changed` of `asked` enquiries changed). */
export function bulkDoneMessage(intent: BulkIntent, changed: number, asked: number): string {
  const count = plural(changed, "enquiry", "enquiries");
  const done = {
    handled: `${count} marked handled.`,
    reopen: `${count} reopened.`,
    spam: `${count} moved to spam.`,
    assign: `${count} assigned.`,
  }[intent];
  const rest = asked - changed;
  if (rest === 0) return done;
  return `${done} ${plural(rest, "was", "were")} already so, or no longer in the inbox.`;
}

/** A staff user id as better-auth makes them (letters, digits; no more than 64). */
const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The search as typed: trimmed, and cut as the search box cuts it. */
const typedSearch = (params: URLSearchParams) => (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);

/**
 * The filters from a URL's query string; anything unknown is ignored (a date
 * that is not one or out of range too, and a search with a character no name
 * or address holds: checkInboxFilters says so to whoever typed it).
 */
export function parseInboxFilters(params: URLSearchParams): InboxFilters {
  const filters: InboxFilters = {};
  const kind = params.get("kind");
  if (isEnquiryKind(kind)) filters.kind = kind;
  const state = params.get("state");
  if (state === "new" || state === "handled") filters.state = state;
  const problem = params.get("problem");
  if (problem === "1" || problem === "on" || problem === "true") filters.problem = true;
  const q = typedSearch(params);
  if (q && !hasDisallowedCharacters(q)) filters.q = q;
  const [from, to] = [params.get("from")?.trim() ?? "", params.get("to")?.trim() ?? ""];
  if (isSiteDay(from)) filters.from = from;
  if (isSiteDay(to)) filters.to = to;
  const assigned = params.get("assigned")?.trim();
  if (assigned === "mine" || assigned === "nobody" || (assigned && MEMBER_ID.test(assigned)))
    filters.assigned = assigned;
  return filters;
}

/** A filter the inbox refuses, for its error summary: the field (its control's id) and what to do. */
export type FilterError = { field: "inbox-q" | "inbox-from" | "inbox-to"; message: string };

/** What was typed in the search box and the date fields, to show again (and to send back to when refused). */
export type TypedFilters = { from: string; to: string; q: string };

/**
 * The filters as typed, checked: a search with a control character (a NUL
 * would make the database fail), a date that is not a real one or is out
 * of range, or a range that ends before it starts, is refused (the inbox
 * shows an error summary and lists nothing; the download refuses it too),
 * never guessed at. `typed` is what was typed, to show again.
 */
export function checkInboxFilters(params: URLSearchParams): {
  filters: InboxFilters;
  errors: FilterError[];
  typed: TypedFilters;
} {
  const filters = parseInboxFilters(params);
  const typed = {
    from: (params.get("from") ?? "").trim().slice(0, 30),
    to: (params.get("to") ?? "").trim().slice(0, 30),
    q: typedSearch(params),
  };
  const errors: FilterError[] = [];
  if (typed.q && !filters.q)
    errors.push({ field: "inbox-q", message: "The search contains characters that are not allowed" });
  const from = dayRefusal(typed.from, "‘Received from’", "Enter a real date for ‘Received from’, like 2026-11-01");
  if (typed.from && from) errors.push({ field: "inbox-from", message: from });
  const to = dayRefusal(typed.to, "‘Received to’", "Enter a real date for ‘Received to’, like 2026-11-27");
  if (typed.to && to) errors.push({ field: "inbox-to", message: to });
  if (filters.from && filters.to && filters.from > filters.to)
    errors.push({ field: "inbox-to", message: "‘Received to’ must be the same day as ‘Received from’ or after it" });
  return { filters, errors, typed };
}

/** How many of the filters behind the disclosure are in use (the search has its own box). */
export function activeFilterCount(filters: InboxFilters): number {
  return [filters.kind, filters.state, filters.problem, filters.assigned, filters.from, filters.to].filter(Boolean)
    .length;
}

/** The enquiries ticked when the page was asked for (after a bulk change, `?selected=` a comma-separated list). */
export function parseSelected(params: URLSearchParams): string[] {
  return (params.get("selected") ?? "")
    .split(",")
    .filter((id) => ENQUIRY_ID.test(id))
    .slice(0, BULK_MAX);
}

const ENQUIRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The query string for `filters` (and a page), as the inbox's links and the export link use it. */
export function inboxQuery(filters: InboxFilters, page?: number): string {
  const params = new URLSearchParams();
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.state) params.set("state", filters.state);
  if (filters.problem) params.set("problem", "1");
  if (filters.q) params.set("q", filters.q);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.assigned) params.set("assigned", filters.assigned);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A 1-based page number from `?page=`; 1 when missing or not a number. */
export function parsePage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** One e-mail of an enquiry, at a glance. */
export type DeliveryGlance = { kind: DeliveryKind; state: DeliveryState; stuck: boolean };

export type InboxRow = {
  id: string;
  receivedAt: Date;
  name: string;
  organisation: string | null;
  kind: EnquiryKind;
  /** The interest (contact) or role (demo, advisory), as its label. */
  topic: string | null;
  handled: boolean;
  /** Who is dealing with it (their name, or address), or null. */
  assignee: string | null;
  deliveries: DeliveryGlance[];
};

export type InboxPage = { rows: InboxRow[]; page: number; pages: number; total: number };

export type EnquiryDelivery = {
  id: string;
  kind: DeliveryKind;
  recipient: string;
  state: DeliveryState;
  /** Queued for longer than 15 minutes. */
  stuck: boolean;
  attempts: number;
  lastError: string | null;
  messageId: string;
  sentAt: Date | null;
  createdAt: Date;
};

export type EnquiryNoteView = { id: string; author: string; body: string; at: Date };

export type EnquiryDetail = {
  id: string;
  kind: EnquiryKind;
  receivedAt: Date;
  name: string;
  email: string;
  /** Every field as submitted, in the form's order, labelled as on the form. */
  fields: EnquiryField[];
  /** Who is dealing with it (their name, or address), or null. */
  assignee: string | null;
  deliveries: EnquiryDelivery[];
  notes: EnquiryNoteView[];
  handled: { at: Date; by: string | null } | null;
  /** Kept as suspected spam (no e-mail was sent). */
  spamReason: string | null;
  /** Where the visitor came from (issue 44); null or absent when not recorded. */
  source?: EnquirySource | null;
};

/** One enquiry as the CSV export writes it. */
export type ExportRow = {
  id: string;
  receivedAt: Date;
  kind: EnquiryKind;
  handledAt: Date | null;
  /** Who is dealing with it: their name (their address when they have none) and address; null for nobody. */
  assignee: { name: string; email: string } | null;
  payload: Record<string, string | undefined>;
  deliveries: Partial<Record<DeliveryKind, DeliveryState>>;
  /** Where the visitor came from (issue 44); null or absent when not recorded. */
  source?: EnquirySource | null;
};

/** An export's rows, a batch at a time. */
export type ExportBatches = AsyncIterable<readonly ExportRow[]> | Iterable<readonly ExportRow[]>;

/** Who acts, and from where (the staff request's member and fingerprint): every action is audited. */
export type InboxActor = { member: StaffMember; meta: RequestMeta };

export type RetryOutcome = { ok: true; enquiryId: string } | { ok: false; reason: "not-found" | "not-dead" };
/** Marked handled or reopened; or not: gone, already so, or in spam (out of the inbox until released). */
export type StateOutcome = { ok: true } | { ok: false; reason: "not-found" | "unchanged" | "spam" };

/** The error for a note, or null when it can be saved. */
export function validateNote(body: string): string | null {
  const text = body.trim();
  if (!text) return "Enter a note";
  if (text.length > NOTE_MAX_LENGTH) return `Note must be ${grouped(NOTE_MAX_LENGTH)} characters or fewer`;
  // Lines and tabs are a note's own; a NUL would make the database refuse it, a bidi override change how it reads.
  if (hasDisallowedCharacters(text, { lines: true })) return "The note contains characters that are not allowed";
  return null;
}

export const deliveryStateLabels: Record<DeliveryState, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed, retrying",
  dead: "Dead-lettered",
};

export { deliveryKinds };
