/**
 * The audit log in words (issue 43): who acted, what about and the details
 * of each row as a sentence an admin reads at a glance ("Signed in with an
 * e-mail code, set-up only"), never raw keys, session ids or UUIDs. People,
 * enquiries and integrations are named where the console still knows them
 * (./names.server.ts looks them up); anything else is a short reference
 * ("ref 3f9a2c1e"), enough to tell rows about the same thing apart.
 */
import { auditActions, type AuditAction, type AuditRecord } from "~/features/audit/audit";
import { deliveryKindLabels, kindLabels } from "~/features/enquiries/labels";
import { integrationEventLabels, integrationKindLabels } from "~/features/integrations/integrations";
import { spamReasonLabels } from "~/features/spam/spam";
import { enquiryPath } from "~/features/console/paths";
import { londonTime } from "~/platform/london-time";
import { grouped, plural } from "~/platform/words";
import { dayText, isCalendarDate } from "~/platform/calendar";

/** What the console still knows of the ids a page of rows mentions. */
export type AuditNames = {
  /** A member of staff's id: their name (or address). */
  members: Record<string, string>;
  /** An enquiry's id: the name of the person who sent it ("" when they gave none). */
  enquiries: Record<string, string>;
  /** An integration's id: its name. */
  integrations: Record<string, string>;
  /** The keyed hash of a member's address: the member (an address typed at sign-in is kept only so). */
  addresses: Record<string, string>;
};

export const noNames: AuditNames = { members: {}, enquiries: {}, integrations: {}, addresses: {} };

/** A row as the page shows it: each cell in words, the target a link where there is a page for it. */
export type AuditLine = {
  who: string;
  what: string;
  about: { text: string; href?: string } | null;
  details: string;
};

const HASH = /^sha256:([0-9a-f]{8,})$/;

/** "ref 3f9a2c1e": the start of an id or a hash, enough to tell rows apart, not the whole of it. */
export function shortRef(id: string): string {
  const text = HASH.exec(id)?.[1] ?? id.replace(/[^0-9A-Za-z]/g, "");
  return `ref ${text.slice(0, 8).toLowerCase()}`;
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : Number(value) || 0);
const text = (value: unknown) => (typeof value === "string" ? value : "");
const sentence = (parts: (string | false | null | undefined)[]) => {
  const joined = parts.filter(Boolean).join(", ");
  return joined ? joined[0]!.toUpperCase() + joined.slice(1) : "";
};
function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** How someone signed in (the `method` of sign-in rows). */
const methods: Record<string, string> = {
  code: "with an e-mail code",
  passkey: "with a passkey",
  "code+app": "with an e-mail code and an authenticator app",
  "code+recovery": "with an e-mail code and a recovery code",
};
export const methodInWords = (method: unknown) => methods[text(method)] ?? (method ? `by ${humanise(method)}` : "");

/** Why a sign-in or a code request was refused. */
const reasons: Record<string, string> = {
  invalid: "the code was not right",
  expired: "the code had expired",
  locked: "the code was locked after too many wrong tries",
  "client-locked": "code sign-in from this network was paused",
  slowed: "too many wrong codes for this address, so it was slowed down",
  "rate-limited": "too many codes asked for",
  "address-busy": "a code had just been sent to this address",
  "no-app": "no authenticator app was set up",
  "not-staff": "the address is not a member of staff's",
  "user-not-verified": "the passkey did not check who was using it",
};
const reasonInWords = (reason: unknown) => reasons[text(reason)] ?? humanise(reason);

const roles: Record<string, string> = { admin: "admin", staff: "staff" };
const factors: Record<string, string> = { app: "an authenticator app", passkey: "a passkey" };

/** A value of a detail no rule below knows, in words: yes/no, lists, numbers, references for ids. */
export function humanise(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return grouped(value);
  if (Array.isArray(value)) return value.length ? value.map(humanise).join(", ") : "none";
  if (typeof value === "object") return detailsInWords(value as Record<string, unknown>);
  const string = String(value);
  if (isId(string)) return shortRef(string);
  return string.replace(/[-_]/g, " ");
}

/** An id or a hash: shown as a short reference, never whole. */
const isId = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ||
  HASH.test(value) ||
  /^[A-Za-z0-9_-]{20,}$/.test(value);

/** "enrolOnly" → "enrol only". */
const keyInWords = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[-_]/g, " ")
    .toLowerCase();

/** Any details, key by key, in words (the fallback for a row no rule knows). */
export function detailsInWords(detail: Record<string, unknown>): string {
  return sentence(Object.entries(detail).map(([key, value]) => `${keyInWords(key)}: ${humanise(value)}`));
}

const memberName = (names: AuditNames, id: unknown) =>
  typeof id === "string" ? (names.members[id] ?? `a former member (${shortRef(id)})`) : "nobody";

function enquiryAbout(names: AuditNames, id: string) {
  const name = names.enquiries[id];
  if (name === undefined) return { text: `An enquiry no longer kept (${shortRef(id)})` };
  return { text: `The enquiry from ${name || "(no name)"}`, href: enquiryPath(id) };
}

const integrationAbout = (names: AuditNames, id: string) => {
  const name = names.integrations[id];
  return name === undefined
    ? { text: `An integration since deleted (${shortRef(id)})` }
    : { text: `Integration “${name}”`, href: `/staff/integrations/${id}` };
};

const deliveryKindWords = (kind: unknown) =>
  deliveryKindLabels[text(kind) as keyof typeof deliveryKindLabels]?.toLowerCase() ?? humanise(kind);
const spamReasonWords = (reason: unknown) =>
  (spamReasonLabels[text(reason) as keyof typeof spamReasonLabels] ?? humanise(reason)).toLowerCase();
const eventWords = (event: unknown) =>
  integrationEventLabels[text(event) as keyof typeof integrationEventLabels]?.toLowerCase() ?? humanise(event);
const enquiryKindWords = (kind: unknown) => kindLabels[text(kind) as keyof typeof kindLabels] ?? humanise(kind);
const integrationKindWords = (kind: unknown) =>
  integrationKindLabels[text(kind) as keyof typeof integrationKindLabels] ?? humanise(kind);

/** "2026-11-01" (a London day) as "1 Nov 2026". */
const day = (value: unknown) =>
  isCalendarDate(text(value)) ? dayText(text(value), { weekday: false }) : humanise(value);

/** The export's filters, as the inbox's filter form words them. */
function exportInWords(d: Record<string, unknown>, names: AuditNames): string {
  const assigned = text(d.assigned);
  return sentence([
    plural(num(d.rows), "enquiry", "enquiries"),
    d.kind ? `form: ${enquiryKindWords(d.kind)}` : null,
    d.state === "new" ? "new only" : d.state === "handled" ? "handled only" : null,
    d.problem === true && "only delivery problems",
    d.search === true && "a search",
    d.from && d.to ? `received ${day(d.from)} to ${day(d.to)}` : null,
    d.from && !d.to ? `received from ${day(d.from)}` : null,
    !d.from && d.to ? `received up to ${day(d.to)}` : null,
    assigned === "mine"
      ? "assigned to them"
      : assigned === "nobody"
        ? "assigned to nobody"
        : assigned
          ? `assigned to ${memberName(names, assigned)}`
          : null,
  ]);
}

/** The details of a row of a known action, in words; null when its details are not the shape this knows. */
function knownDetails(action: AuditAction, d: Record<string, unknown>, names: AuditNames): string | null {
  switch (action) {
    case "sign-in":
      return sentence([methodInWords(d.method), d.enrolOnly === true && "set-up only"]);
    case "sign-in-failed":
      return sentence([methodInWords(d.method), d.reason ? reasonInWords(d.reason) : null]);
    case "code-requested":
      return d.refused ? sentence([`Refused: ${reasonInWords(d.refused)}`]) : "";
    case "sign-in-locked":
      if (d.limit === "second-step")
        return sentence([
          `${plural(num(d.wrongCodes), "wrong app or recovery code")} in a row`,
          `second step paused for ${plural(num(d.minutes), "minute")}`,
        ]);
      return sentence([
        `${plural(num(d.wrongCodes), "wrong code")} in ${plural(num(d.windowHours), "hour")}`,
        d.limit === "address" ? "for one address" : d.limit === "client" ? "from one network" : null,
      ]);
    case "sign-in-pause-lifted":
      return d.of === "client" ? "For a network" : d.of === "member" ? "For a member" : null;
    case "export":
      return exportInWords(d, names);
    case "assigned":
      return "to" in d ? `To ${memberName(names, d.to)}` : null;
    case "moved-to-spam": {
      const emails = Array.isArray(d.withdrawn) ? d.withdrawn.length : 0;
      const messages = num(d.integrationMessages);
      if (!emails && !messages) return null;
      return sentence([
        `Not sent yet, so withdrawn: ${listInWords([
          ...(emails ? [plural(emails, "e-mail")] : []),
          ...(messages ? [plural(messages, "integration message")] : []),
        ])}`,
      ]);
    }
    case "note":
      return "";
    case "retry":
      return d.kind ? `The ${deliveryKindWords(d.kind)} e-mail` : null;
    case "spam-released":
    case "spam-deleted":
      return sentence([
        enquiryKindWords(d.kind),
        d.reason ? spamReasonWords(d.reason) : null,
        "queued" in d ? `${plural(num(d.queued), "e-mail")} queued` : null,
      ]);
    case "access-export":
    case "erasure":
      return sentence([
        plural(num(d.enquiries), "enquiry", "enquiries"),
        "suspectedSpam" in d && `${grouped(num(d.suspectedSpam))} of them suspected spam`,
        "deliveries" in d && plural(num(d.deliveries), "e-mail"),
        "notes" in d && plural(num(d.notes), "note"),
        "texts" in d && plural(num(d.texts), "text message"),
        "jobs" in d && plural(num(d.jobs), "queued job"),
      ]);
    case "staff-added":
    case "staff-removed":
      return d.role ? `As ${roles[text(d.role)] ?? humanise(d.role)}` : null;
    case "role-changed":
      return d.role ? `Now ${roles[text(d.role)] ?? humanise(d.role)}` : null;
    case "sessions-ended":
      return plural(num(d.sessions), "session");
    case "every-session-ended":
      return `${plural(num(d.sessions), "session")} of ${plural(num(d.members), "member")}`;
    case "factor-enrolled":
      return factors[text(d.factor)] ? sentence([factors[text(d.factor)]]) : null;
    case "banner-published":
      return sentence([
        d.startsAt ? `from ${londonTime(text(d.startsAt))}` : "from now",
        d.endsAt ? `until ${londonTime(text(d.endsAt))}` : "until taken down",
      ]);
    case "integration-added":
    case "integration-changed":
      return sentence([
        integrationKindWords(d.kind),
        d.host ? `to ${text(d.host)}` : null,
        Array.isArray(d.events) && d.events.length ? `for: ${d.events.map(eventWords).join("; ")}` : null,
        d.detail === "summary" ? "with a summary" : d.detail === "link" ? "link only" : null,
      ]);
    case "integration-paused":
    case "integration-resumed":
    case "integration-deleted":
      return sentence([integrationKindWords(d.kind), d.host ? `to ${text(d.host)}` : null]);
    case "webhook-resent":
      return d.event ? sentence([`for: ${eventWords(d.event)}`]) : null;
    default:
      return null;
  }
}

/** Actions whose target is an enquiry's id. */
const enquiryActions = new Set<string>([
  "enquiry-viewed",
  "note",
  "marked-handled",
  "reopened",
  "assigned",
  "moved-to-spam",
  "spam-released",
  "spam-deleted",
]);
/** Actions whose target is a member of staff's id. */
const memberActions = new Set<string>([
  "staff-added",
  "staff-removed",
  "role-changed",
  "factors-reset",
  "sessions-ended",
]);
const integrationActions = new Set<string>([
  "integration-added",
  "integration-changed",
  "integration-paused",
  "integration-resumed",
  "integration-deleted",
  "integration-secret-rotated",
]);
const sessionActions = new Set<string>(["sign-in", "sign-out", "session-ended", "sign-out-everywhere"]);
const passkeyActions = new Set<string>(["passkey-added", "passkey-renamed", "passkey-removed"]);

/** What the row is about, in words. */
function aboutInWords(row: AuditRecord, names: AuditNames): AuditLine["about"] {
  const target = row.target;
  const detail = row.detail ?? {};
  if (row.action === "retry" && typeof detail.enquiry === "string") return enquiryAbout(names, detail.enquiry);
  const aboutMember =
    (row.action === "sign-in-pause-lifted" && detail.of === "member") ||
    (row.action === "sign-in-locked" && detail.limit === "second-step");
  if (aboutMember && target) return { text: names.members[target] ?? `A former member (${shortRef(target)})` };
  if (!target) return null;
  if (enquiryActions.has(row.action)) return enquiryAbout(names, target);
  if (memberActions.has(row.action)) return { text: names.members[target] ?? `A former member (${shortRef(target)})` };
  if (integrationActions.has(row.action)) return integrationAbout(names, target);
  if (sessionActions.has(row.action)) return { text: `Session ${shortRef(target)}` };
  if (passkeyActions.has(row.action)) return { text: `A passkey (${shortRef(target)})` };
  if (row.action === "webhook-resent")
    return typeof detail.integrationId === "string"
      ? integrationAbout(names, detail.integrationId)
      : { text: `A webhook delivery (${shortRef(target)})` };
  if (row.action === "sms-retried") return { text: `A text message (${shortRef(target)})` };
  if (row.action.startsWith("banner-")) return { text: "The site's announcement" };
  if (row.action === "access-export" || row.action === "erasure")
    return { text: `A person, by a one-way hash of their address (${shortRef(target)})` };
  // The address limit's target is the address's keyed hash, as the client's is the client's: the limit tells them apart.
  if (row.action === "sign-in-locked")
    return detail.limit === "address" || HASH.test(target)
      ? { text: `An address, by a one-way hash (${shortRef(target)})` }
      : { text: `A network (client ${target})` };
  if (row.action === "sign-in-pause-lifted") return { text: `A network (client ${target})` };
  // A path ("POST /staff/members"), or anything else short and readable; an id only as a reference.
  return { text: isId(target) ? shortRef(target) : target };
}

/** Who acted, in words: a member by name, an operator, or an address kept only as a hash. */
function whoInWords(row: AuditRecord, names: AuditNames): string {
  if (row.actorId && names.members[row.actorId]) {
    const name = names.members[row.actorId]!;
    return name.includes(row.actor) ? name : `${name} (${row.actor})`;
  }
  if (row.actor === "(signed out)") return "Someone not signed in";
  // Whoever typed the address may not be its owner: the row says whose address it was.
  if (names.addresses[row.actor]) return `Someone using the address of ${names.addresses[row.actor]}`;
  if (HASH.test(row.actor)) return `An address, by a one-way hash (${shortRef(row.actor)})`;
  return row.actor;
}

/** One audit row in words. */
export function auditInWords(row: AuditRecord, names: AuditNames = noNames): AuditLine {
  const known = row.action in auditActions;
  const detail = row.detail ?? {};
  const details = known ? knownDetails(row.action as AuditAction, detail, names) : null;
  return {
    who: whoInWords(row, names),
    what: known ? auditActions[row.action as AuditAction] : humanise(row.action),
    about: aboutInWords(row, names),
    details: details ?? (Object.keys(detail).length ? detailsInWords(detail) : ""),
  };
}

/** The ids a page of rows mentions that the console may still have names for. */
export function idsToName(rows: readonly AuditRecord[]) {
  const enquiries = new Set<string>();
  const integrations = new Set<string>();
  for (const row of rows) {
    const detail = row.detail ?? {};
    if (row.target && enquiryActions.has(row.action)) enquiries.add(row.target);
    if (row.action === "retry" && typeof detail.enquiry === "string") enquiries.add(detail.enquiry);
    if (row.target && integrationActions.has(row.action)) integrations.add(row.target);
    if (row.action === "webhook-resent" && typeof detail.integrationId === "string")
      integrations.add(detail.integrationId);
  }
  return { enquiries: [...enquiries], integrations: [...integrations] };
}
