import { randomUUID } from "node:crypto";
import type { Db as BossDb, PgBoss } from "pg-boss";
import type { Logger } from "~/platform/log.server";
import { scrubFailures, type QueueSpec } from "~/platform/queue.server";
import { bareAddress, type MailTransport, type OutgoingEmail } from "./transport.server";

/**
 * E-mails the console sends to staff (sign-in codes, invitations, the daily
 * digest) go through the same durable path as enquiries' e-mails: a pg-boss
 * job, sent by the worker through MAIL_TRANSPORT (on the zero-config default
 * the file outbox, DATA_DIR/outbox), retried on failure. The job carries the
 * rendered message until it is sent, and is deleted as soon as it has been
 * (docs/decisions/012-one-origin-and-sign-in-codes.md): a sign-in code is a
 * secret that has no reason to outlive its e-mail in the queue's tables. A
 * job that never gets sent goes an hour after it fails, long after its code
 * expired.
 */
export const STAFF_MAIL_QUEUE = "staff-mail";
export type StaffMailJob = { message: OutgoingEmail };
export const staffMailQueue: QueueSpec = {
  name: STAFF_MAIL_QUEUE,
  options: {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 120,
    heartbeatSeconds: 15,
    // Useless after a few minutes (a code expires in 10), and a secret.
    retentionSeconds: 60 * 60,
    deleteAfterSeconds: 60 * 60,
  },
};

/** Queues one e-mail; with `db`, inside the caller's transaction. Returns its Message-ID. */
export async function queueStaffMail(
  boss: PgBoss,
  message: Omit<OutgoingEmail, "messageId">,
  options: { from: string; db?: BossDb } = { from: "" },
): Promise<string> {
  const domain = bareAddress(options.from).split("@")[1] || "localhost";
  const messageId = `<${randomUUID()}@${domain}>`;
  const job: StaffMailJob = { message: { ...message, messageId } };
  await boss.send(STAFF_MAIL_QUEUE, job, options.db ? { db: options.db } : {});
  return messageId;
}

/** The worker's side: sends each job; a failure throws so pg-boss retries it. */
export async function workStaffMail(boss: PgBoss, mail: MailTransport, log: Logger, pollingIntervalSeconds: number) {
  await boss.work<StaffMailJob>(
    STAFF_MAIL_QUEUE,
    { pollingIntervalSeconds },
    scrubFailures(async ([job]) => {
      if (!job) return;
      await mail.sendEmail(job.data.message);
      log.info("staff e-mail sent", { subject: job.data.message.subject, messageId: job.data.message.messageId });
      // Sent: the rendered message (a sign-in code, say) leaves the queue's tables at once.
      // Should this fail, the job completes as usual and goes in an hour (deleteAfterSeconds).
      await boss.deleteJob(STAFF_MAIL_QUEUE, job.id).catch((error: unknown) => {
        log.warn("staff e-mail job not deleted after sending", { err: error, messageId: job.data.message.messageId });
      });
    }),
  );
}
