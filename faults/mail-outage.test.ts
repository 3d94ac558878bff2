/**
 * Issue 7, mail outage: the SMTP server misbehaves in four ways in turn while
 * enquiries are submitted (421 on connect, 451 after DATA, connections cut
 * after DATA without a reply, and no server at all), then recovers.
 *
 * Proves: the forms keep succeeding during the outage (enquiries are stored,
 * not lost); nothing is delivered while the server refuses; once it recovers
 * every e-mail arrives exactly once (every expected Message-ID, no other, no
 * repeat: a refused message was never accepted, so a repeat would be a bug);
 * and the operator CLI shows every delivery sent.
 *
 * No fixed waits: each outage lasts until the worker has logged at least
 * PER_PHASE failed attempts against it (and, for the SMTP-side outages, the
 * SMTP server has turned it away); after the recovery the test waits for the
 * database to record every delivery sent, then sends a control enquiry
 * through the same queue, worker and SMTP server and waits for that too
 * before it asserts that nothing was delivered twice.
 */
import { expect, test } from "vitest";
import type { SmtpOutage } from "../test/support/smtp";
import { waitFor } from "../test/support/wait";
import { exportEnquiries } from "../test/support/enquiries-cli";
import {
  formBody,
  faultEnvironment,
  waitForAllSent,
  expectEachSentOnce,
  firstEmailOf,
  owedEmails,
} from "../test/support/faults";
import { formKinds, validFields, type FormKind } from "../test/support/fixtures";
import { isSuccessPage, postForm } from "../test/support/raw-http";

const kinds = formKinds;
const PER_PHASE = 6;

const env = faultEnvironment("mail-outage", "maternis-faults-outage-");

test(
  "enquiries submitted during a mail outage are all delivered exactly once after it",
  { timeout: 180_000 },
  async () => {
    const running = await env.start({
      DELIVERY_RETRY_DELAY_SECONDS: "1",
      DELIVERY_RETRY_BACKOFF: "false",
      WORKER_POLL_INTERVAL_SECONDS: "0.5",
      // Enough retries to outlast the outage: nothing may be dead-lettered.
      DELIVERY_RETRY_LIMIT: "100",
      // The worker's "delivery failed; will retry" warnings are what each phase waits for.
      LOG_LEVEL: "warn",
    });
    let n = 0;
    const submitted: { kind: FormKind; email: string }[] = [];
    async function submitSome(count: number) {
      await Promise.all(
        Array.from({ length: count }, async () => {
          const i = n++;
          const kind = kinds[i % kinds.length]!;
          const email = `outage-${i}@faults.example`;
          const response = await postForm(running.url, kind, formBody(validFields(kind, email, i)));
          expect(isSuccessPage(kind, response), `${kind} ${email}: ${response.status}`).toBe(true);
          submitted.push({ kind, email });
        }),
      );
    }

    const phases: { outage: SmtpOutage | "stopped"; turnedAway: () => number }[] = [
      { outage: "refuse-connect", turnedAway: () => env.smtp.refused.connections },
      { outage: "defer-data", turnedAway: () => env.smtp.refused.messages },
      { outage: "drop-data", turnedAway: () => env.smtp.refused.messages },
      { outage: "stopped", turnedAway: () => 0 },
    ];
    const log: string[] = [];
    const failures = () => running.logged("delivery failed; will retry");
    for (const phase of phases) {
      const before = phase.turnedAway();
      const failedBefore = failures().length;
      if (phase.outage === "stopped") {
        // Connections refused outright; any still open while it closes keep refusing messages.
        env.smtp.options.outage = "defer-data";
        await env.smtp.stop();
      } else {
        env.smtp.options.outage = phase.outage;
        env.smtp.disconnectAll(); // pooled connections must reconnect and meet the outage
      }
      await submitSome(PER_PHASE);
      // The outage lasts until the worker really met it, and kept retrying, PER_PHASE times.
      const met = () => failures().slice(failedBefore);
      await waitFor(
        () =>
          met().length >= PER_PHASE &&
          (phase.outage === "stopped"
            ? met().filter((entry) => /ECONNREFUSED/.test(String(entry.error))).length >= 2
            : phase.turnedAway() >= before + 2),
        { timeoutMs: 60_000, what: `the worker to meet ${phase.outage}` },
      );
      log.push(
        phase.outage === "stopped"
          ? `stopped: ${met().length} attempts failed`
          : `${phase.outage}: ${phase.turnedAway() - before} turned away, ${met().length} attempts failed`,
      );
    }
    // Nothing got through while the server refused (and the worker tried, as waited for above).
    expect(env.smtp.received).toHaveLength(0);
    expect(submitted).toHaveLength(PER_PHASE * phases.length);

    // Recover: the database records every delivery sent (after its SMTP exchange).
    env.smtp.options.outage = null;
    await env.smtp.start();
    const expectedCount = submitted.length * 2;
    await waitForAllSent(running, expectedCount, { what: `${expectedCount} deliveries sent after the outage` });
    // The positive control: one more enquiry through the same queue, worker and SMTP server,
    // after everything else. Once both its e-mails are recorded sent, a repeat of an earlier
    // message would have had its turn too.
    await submitSome(1);
    await waitForAllSent(running, expectedCount + 2, { what: "the control enquiry's deliveries sent" });
    await running.stop();
    expect(running.process.exitCode).toBe(0);

    const rows = await exportEnquiries(env.data.dir);
    expect(rows.map((row) => row.email).sort()).toEqual(submitted.map((s) => s.email).sort());
    for (const row of rows) {
      const first = row[`${firstEmailOf(row)}_email_code`];
      expect({ email: row.email, first, notification: row.notification_email_code }).toEqual({
        email: row.email,
        first: "sent",
        notification: "sent",
      });
    }
    const expected = owedEmails(rows);
    // Exactly once: as many messages as expected, every expected ID, none repeated.
    const ids = expectEachSentOnce(env.smtp.received, expected);

    console.info(
      `mail-outage: ${submitted.length} enquiries, ${ids.length} messages after recovery; ${log.join("; ")}`,
    );
  },
);
