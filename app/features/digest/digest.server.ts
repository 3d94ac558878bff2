import { and, count, desc, eq, isNull, lte } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { DELIVERY_PROBLEMS_PATH, INTEGRATIONS_PATH } from "~/features/alerts";
import { SITE_TIME_ZONE } from "~/platform/calendar";
import { enquiryPath } from "~/features/console";
import { londonTime, relativeTime } from "~/platform/london-time";
import { enquiryKind, type DeliveryKind } from "~/features/enquiries";
import type { Logger } from "~/platform/log.server";
import type { Store } from "~/platform/db/db.server";
import { deliveries, enquiries } from "~/features/enquiries/index.server";
import { integrations, integrationDeliveries } from "~/features/integrations/index.server";
import type { StaffDigestEmailProps } from "./emails/digest";
import { overdueCutoff } from "./business-days";
import { queueStaffMail } from "~/platform/mail/staff-mail.server";
import { scrubFailures, type QueueSpec } from "~/platform/queue.server";

/**
 * The daily digest to ENQUIRIES_EMAIL (08:00 Europe/London, a pg-boss
 * schedule the worker runs): dead-lettered e-mails, integrations with
 * messages given up, and enquiries still new
 * (not handled, not spam) after one business day (./business-days.ts), each
 * with a link into the console; not sent when there is nothing to say. It
 * goes out through the staff-mail queue, like every staff e-mail.
 */
export const DIGEST_CRON = "0 8 * * *";
/** The digest's queue, on its schedule. */
export const DIGEST_QUEUE = "staff-digest";
export const digestQueue: QueueSpec = {
  name: DIGEST_QUEUE,
  options: { retryLimit: 3, retryDelay: 300, expireInSeconds: 300 },
};
/** Each list shows at most this many, then "and N more" with a link. */
export const DIGEST_LIST_LIMIT = 50;

/** The inbox filtered to enquiries still new. */
export const NEW_ENQUIRIES_PATH = "/staff?state=new";

export type DigestData = {
  deadLetters: {
    enquiryId: string;
    kind: DeliveryKind;
    recipient: string;
    lastError: string | null;
    enquiryKind: string;
    name: string;
    receivedAt: Date;
  }[];
  deadTotal: number;
  overdue: { enquiryId: string; enquiryKind: string; name: string; organization?: string; receivedAt: Date }[];
  overdueTotal: number;
  /** Integrations with messages given up (dead), each with how many. */
  deadIntegrationDeliveries: { integrationId: string; name: string; count: number }[];
};

export async function collectDigest(store: Store, now: Date): Promise<DigestData> {
  const dead = eq(deliveries.status, "dead");
  const overdueWhere = and(
    isNull(enquiries.handledAt),
    isNull(enquiries.spamReason),
    lte(enquiries.createdAt, overdueCutoff(now)),
  );
  const [[deadCount], deadRows, [overdueCount], overdueRows, deadIntegrationDeliveries] = await Promise.all([
    store.db.select({ n: count() }).from(deliveries).where(dead),
    store.db
      .select({ delivery: deliveries, enquiry: enquiries })
      .from(deliveries)
      .innerJoin(enquiries, eq(enquiries.id, deliveries.enquiryId))
      .where(dead)
      .orderBy(desc(enquiries.createdAt), deliveries.kind)
      .limit(DIGEST_LIST_LIMIT),
    store.db.select({ n: count() }).from(enquiries).where(overdueWhere),
    store.db.select().from(enquiries).where(overdueWhere).orderBy(enquiries.createdAt).limit(DIGEST_LIST_LIMIT),
    store.db
      .select({ integrationId: integrations.id, name: integrations.name, n: count() })
      .from(integrationDeliveries)
      .innerJoin(integrations, eq(integrations.id, integrationDeliveries.integrationId))
      .where(eq(integrationDeliveries.status, "dead"))
      .groupBy(integrations.id, integrations.name)
      .orderBy(integrations.name),
  ]);
  return {
    deadLetters: deadRows.map(({ delivery, enquiry }) => ({
      enquiryId: enquiry.id,
      kind: delivery.kind,
      recipient: delivery.recipient,
      lastError: delivery.lastError,
      enquiryKind: enquiry.kind,
      name: enquiry.payload.name ?? "",
      receivedAt: enquiry.createdAt,
    })),
    deadTotal: Number(deadCount?.n ?? 0),
    overdue: overdueRows.map((row) => ({
      enquiryId: row.id,
      enquiryKind: row.kind,
      name: row.payload.name ?? "",
      organization: row.payload.organization,
      receivedAt: row.createdAt,
    })),
    overdueTotal: Number(overdueCount?.n ?? 0),
    deadIntegrationDeliveries: deadIntegrationDeliveries.map((row) => ({
      integrationId: row.integrationId,
      name: row.name,
      count: Number(row.n),
    })),
  };
}

const deliveryLabels: Record<DeliveryKind, string> = {
  notification: "Notification",
  welcome: "Welcome",
  acknowledgement: "Acknowledgement",
};

const kindLabel = (kind: string) => {
  try {
    return enquiryKind(kind as never).label;
  } catch {
    return kind;
  }
};

/** The e-mail's props, or null when there is nothing to say. */
export function digestProps(
  data: DigestData,
  { siteUrl, now }: { siteUrl: string; now: Date },
): StaffDigestEmailProps | null {
  if (data.deadTotal === 0 && data.overdueTotal === 0 && data.deadIntegrationDeliveries.length === 0) return null;
  const url = (path: string) => new URL(path, siteUrl).toString();
  const who = (kind: string, name: string, organization?: string) =>
    `${kindLabel(kind)} from ${name || "(no name)"}${organization ? ` (${organization})` : ""}`;
  return {
    date: londonTime(now).split(",")[0]!,
    deadLetters: data.deadLetters.map((item) => ({
      email: deliveryLabels[item.kind],
      recipient: item.recipient,
      enquiry: who(item.enquiryKind, item.name),
      received: londonTime(item.receivedAt),
      lastError: item.lastError ? item.lastError.replace(/\s+/g, " ").slice(0, 200) : null,
      url: url(enquiryPath(item.enquiryId)),
    })),
    deadTotal: data.deadTotal,
    deadLettersUrl: url(DELIVERY_PROBLEMS_PATH),
    overdue: data.overdue.map((item) => ({
      enquiry: who(item.enquiryKind, item.name, item.organization),
      received: `${londonTime(item.receivedAt)} (${relativeTime(item.receivedAt, now)})`,
      url: url(enquiryPath(item.enquiryId)),
    })),
    overdueTotal: data.overdueTotal,
    inboxUrl: url(NEW_ENQUIRIES_PATH),
    deadIntegrationDeliveries: data.deadIntegrationDeliveries.map((item) => ({
      integration: item.name,
      count: item.count,
      url: url(`${INTEGRATIONS_PATH}/${item.integrationId}`),
    })),
  };
}

/**
 * A line a feature after the digest adds to it (it cannot import them): the
 * traffic figures' "visitors and enquiries yesterday". Given the digest's
 * time; null when it has nothing to say. `path` links into the console.
 */
export type DigestLine = (now: Date) => Promise<{ text: string; path: string } | null>;

export type DigestDeps = {
  store: Store;
  boss: PgBoss;
  log: Logger;
  siteUrl: string;
  enquiriesEmail: string;
  mailFrom: string;
  /** Added to a digest that is sent (they never make one be sent on their own). */
  lines?: DigestLine[];
};

export type DigestOutcome = { sent: false } | { sent: true; messageId: string; deadLetters: number; overdue: number };

/** Builds today's digest and queues it to the enquiries team; skips (and logs) when there is nothing to say. */
export async function sendDigest(deps: DigestDeps, now = new Date()): Promise<DigestOutcome> {
  const data = await collectDigest(deps.store, now);
  const props = digestProps(data, { siteUrl: deps.siteUrl, now });
  if (!props) {
    deps.log.info("daily digest skipped: nothing to say");
    return { sent: false };
  }
  props.lines = await digestLines(deps, now);
  const { renderEmail } = await import("~/platform/mail/define");
  const { staffDigest } = await import("./emails/digest");
  const rendered = await renderEmail(staffDigest, props);
  const messageId = await queueStaffMail(
    deps.boss,
    { to: [deps.enquiriesEmail], subject: rendered.subject, html: rendered.html, text: rendered.text },
    { from: deps.mailFrom },
  );
  deps.log.info("daily digest queued", { messageId, deadLetters: data.deadTotal, overdue: data.overdueTotal });
  return { sent: true, messageId, deadLetters: data.deadTotal, overdue: data.overdueTotal };
}

/** The lines the features add (a line that fails is left out, and logged: the digest still goes). */
export async function digestLines(
  deps: Pick<DigestDeps, "lines" | "siteUrl" | "log">,
  now: Date,
): Promise<{ text: string; url: string }[]> {
  const lines: { text: string; url: string }[] = [];
  for (const line of deps.lines ?? []) {
    try {
      const added = await line(now);
      if (added) lines.push({ text: added.text, url: new URL(added.path, deps.siteUrl).toString() });
    } catch (error) {
      deps.log.error("a line of the daily digest could not be read", { err: error });
    }
  }
  return lines;
}

/** The worker's side: the schedule (08:00 Europe/London) and the job that sends the digest. */
export async function workDigest(boss: PgBoss, deps: DigestDeps) {
  await boss.work(
    DIGEST_QUEUE,
    { pollingIntervalSeconds: 30 },
    scrubFailures(async () => {
      await sendDigest(deps);
    }),
  );
  await boss.schedule(DIGEST_QUEUE, DIGEST_CRON, null, { tz: SITE_TIME_ZONE });
}
