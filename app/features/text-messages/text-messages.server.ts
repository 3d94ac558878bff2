import { and, count, desc, eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { TEXT_MESSAGES_PAGE_SIZE, type TextMessagePage } from "~/features/text-messages/text-messages";
import type { StaffAct } from "~/features/audit";
import type { Logger } from "~/platform/log.server";
import { listPage, rowsOf, type Store } from "~/platform/db/db.server";
import { SMS_QUEUE, type SmsJob } from "./queues.server";
import { textMessages } from "~/features/text-messages/tables.server";
import { recordAudit } from "~/features/audit/index.server";
import type { PlatformDeps } from "~/platform/platform.server";

/** The console's "Text messages" (~/features/text-messages/text-messages.ts) over the SMS outbox (app/features/text-messages/send.server.ts). */
export type TextMessagesDeps = { store: Store; boss: PgBoss; log: Logger; secret: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTextMessages(deps: TextMessagesDeps) {
  const { store, boss, log } = deps;
  const isDead = eq(textMessages.status, "dead");
  return {
    /** Newest first; `page` is 1-based and clamped; `dead` only: the ones given up. */
    async list(query: { page?: number; dead?: boolean } = {}): Promise<TextMessagePage> {
      const [{ rows, ...paging }, [dead]] = await Promise.all([
        listPage(store.db, textMessages, {
          where: query.dead ? isDead : undefined,
          orderBy: [desc(textMessages.createdAt), desc(textMessages.id)],
          pageSize: TEXT_MESSAGES_PAGE_SIZE,
          page: query.page,
        }),
        store.db.select({ n: count() }).from(textMessages).where(isDead),
      ]);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          recipient: row.recipient,
          body: row.body,
          state: row.status,
          attempts: row.attempts,
          lastError: row.lastError,
          providerMessageId: row.providerMessageId,
          createdAt: row.createdAt,
          sentAt: row.sentAt,
        })),
        ...paging,
        dead: Number(dead?.n ?? 0),
      };
    },

    /** Queues a message given up for another round of retries, with an audit row. False if it is not given up (or gone). */
    async retry(id: string, { member, meta }: StaffAct): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const retried = await store.transaction(async (tx, bossDb) => {
        const [row] = await tx
          .update(textMessages)
          .set({ status: "queued" })
          .where(and(eq(textMessages.id, id), isDead))
          .returning({ id: textMessages.id });
        if (!row) return false;
        // The job stored with the message may still be waiting (due once the endpoint's own attempt
        // is over): made due now, not joined by a second one, which would send the message twice.
        const waiting = rowsOf(
          await tx.execute(sql`update pgboss.job set start_after = now()
            where name = ${SMS_QUEUE} and state in ('created', 'retry') and data->>'textMessageId' = ${id}
            returning id`),
        );
        if (waiting.length === 0) await boss.send(SMS_QUEUE, { textMessageId: id } satisfies SmsJob, { db: bossDb });
        // The audit row names the message, never its number.
        await recordAudit(tx, deps.secret, { action: "sms-retried", actor: { member }, target: id, meta });
        return true;
      });
      if (retried) log.info("text message retried", { textMessageId: id, by: member.id });
      return retried;
    },
  };
}

/** The "Text messages" section\'s service, as the site builds it (app/site.server.ts). */
export function createTextMessagesService(deps: PlatformDeps) {
  return createTextMessages({ ...deps, secret: deps.keys.FINGERPRINT_KEY });
}
