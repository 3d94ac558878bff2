/**
 * Issue 15, backups that restore: the disk is lost, a backup is not.
 *
 * The server runs with BACKUP_CRON "* * * * *" (a backup every minute, taken
 * by its real pg-boss schedule) and its SMTP server down, while enquiries are
 * submitted one after another, each once the worker has met (and failed to
 * send) every earlier one, until at least 100 are in and a scheduled backup
 * has been taken in the middle of them (at least 20 before it began, 5
 * after); each backup is copied away as soon as the worker logs it written.
 * The server is then killed and its
 * DATA_DIR given up; the copy is restored with the operator CLI into a fresh
 * DATA_DIR. The backup holds no keys: a server started on it is refused,
 * naming KEYS_FILE, until the site's key file (kept apart) is put beside the
 * new DATA_DIR; then it starts, with a working SMTP server.
 *
 * Proves: every enquiry accepted before the snapshot began is in the restored
 * database (and nothing that was never submitted); the server starts on it;
 * and the e-mails queued at backup time arrive once each, with the
 * Message-IDs of the original enquiries: the test waits for the restored
 * database to record every one sent, then for a control enquiry sent after
 * them through the same server, before it counts what arrived.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { listBackups, type BackupFile } from "../app/features/backups/backups.server";
import { enquiriesCli, exportEnquiries } from "../test/support/enquiries-cli";
import {
  deliveryCounts,
  faultEnvironment,
  formBody,
  saveOutput,
  startFaultServer,
  waitForAllSent,
  expectEachSentOnce,
  firstEmailOf,
  owedEmails,
} from "../test/support/faults";
import { formKinds, validFields, type FormKind } from "../test/support/fixtures";
import { tempDataDir } from "../test/support/pglite";
import { isSuccessPage, postForm } from "../test/support/raw-http";
import { refusedPort, type RunningServer } from "../test/support/server-process";
import { waitFor } from "../test/support/wait";

const kinds: readonly FormKind[] = formKinds;
const AT_LEAST = 100;
/** The backup under test is taken with at least this many enquiries in, and this many more accepted after it began. */
const MIN_BEFORE = 20;
const MIN_AFTER = 5;

const env = faultEnvironment("backup-restore", "maternis-faults-backup-");

test(
  "a scheduled backup taken during enquiries restores every accepted enquiry, and its queued e-mails arrive once",
  { timeout: 300_000 },
  async () => {
    const first = await env.start({
      // Nothing listens here: every e-mail stays queued through the backup.
      SMTP_URL: `smtp://127.0.0.1:${await refusedPort()}`,
      DELIVERY_RETRY_DELAY_SECONDS: "5",
      DELIVERY_RETRY_LIMIT: "100",
      BACKUP_CRON: "* * * * *",
      // "backup written" (info) and "delivery failed; will retry" (warn) are the events waited for.
      LOG_LEVEL: "info",
    });
    const backupDir = path.join(env.data.dir, "backups");

    // Off-site copies: each backup is copied away as soon as it appears (a minute later the
    // next one replaces it, since only the newest of each day is kept).
    const fresh = tempDataDir("maternis-faults-restored-");
    const offsite = path.join(fresh.dir, "backups");
    mkdirSync(offsite);
    let second: RunningServer | undefined;
    let stopCopying = () => {};
    try {
      const accepted: { email: string; at: number }[] = [];
      const acceptedBy = (time: number) => accepted.filter((a) => a.at < time).length;
      const copied: BackupFile[] = [];
      // The worker logs "backup written" once the file is complete: copy it away then.
      let copying = Promise.resolve();
      const copyNew = async () => {
        for (const found of await listBackups(backupDir)) {
          if (copied.some((c) => c.name === found.name)) continue;
          copyFileSync(found.path, path.join(offsite, found.name));
          copied.push(found);
        }
      };
      stopCopying = first.onLog((entry) => {
        if (entry.msg === "backup written") copying = copying.then(copyNew);
      });
      // The enquiries whose first e-mail the worker has tried to send (and failed: no SMTP server).
      const met = () =>
        new Set(
          first
            .logged("delivery failed; will retry")
            .filter((entry) => entry.attempt === 1)
            .map((entry) => entry.enquiryId),
        ).size;
      const deadline = Date.now() + 180_000;
      // The snapshot under test: the first one taken once at least MIN_BEFORE enquiries were in.
      const chosen = () => copied.find((c) => acceptedBy(c.takenAt.getTime()) >= MIN_BEFORE);
      const after = (backup: BackupFile) => accepted.length - acceptedBy(backup.takenAt.getTime() + 1);
      for (let i = 0; accepted.length < AT_LEAST || !chosen() || after(chosen()!) < MIN_AFTER; i++) {
        if (Date.now() > deadline) throw new Error(`no scheduled backup during ${accepted.length} enquiries`);
        const kind = kinds[i % kinds.length]!;
        const email = `backup-${i}@faults.example`;
        const response = await postForm(first.url, kind, formBody(validFields(kind, email, i)));
        expect(isSuccessPage(kind, response), `${kind} ${email}: ${response.status}`).toBe(true);
        accepted.push({ email, at: Date.now() });
        // Paced by the worker, not a timer: the next one once the worker has met this one, so
        // enquiries go on at the worker's pace until the once-a-minute schedule has fired.
        await waitFor(() => met() >= accepted.length, {
          timeoutMs: 30_000,
          intervalMs: 20,
          what: `the worker to try enquiry ${accepted.length}'s first e-mail`,
        });
      }
      stopCopying();
      await copying;
      const snapshot = chosen()!;
      const before = accepted.filter((a) => a.at < snapshot.takenAt.getTime()).map((a) => a.email);
      expect(before.length, "enquiries accepted before the snapshot").toBeGreaterThanOrEqual(MIN_BEFORE);
      // Nothing was sent before the backup (the first server's SMTP refuses), and its worker did try.
      expect(await deliveryCounts(first)).toMatchObject({ sent: 0, dead: 0 });
      expect((await deliveryCounts(first)).failed).toBeGreaterThan(0);

      // The disk is lost: the server dies with it, and only the backup file (and the key file, kept apart) is left.
      await first.kill("SIGKILL");
      saveOutput(first, "backup-restore-first");
      const copy = path.join(offsite, snapshot.name);
      const restored = await enquiriesCli(fresh.dir, ["restore", copy]);
      expect(restored).toMatch(/^Restored \d+ enquiry\(ies\) into /);
      expect(restored).toContain("The backup holds no keys: the server reads them from KEYS_FILE=");

      const rows = await exportEnquiries(fresh.dir);
      const restoredEmails = new Set(rows.map((row) => row.email ?? ""));
      for (const email of before) expect(restoredEmails.has(email), `${email} accepted before the snapshot`).toBe(true);
      const submitted = new Set(accepted.map((a) => a.email));
      for (const email of restoredEmails) expect(submitted.has(email), email).toBe(true);

      for (const row of rows)
        expect([row[`${firstEmailOf(row)}_email_code`], row.notification_email_code], row.email).not.toContain("sent");
      const expected = owedEmails(rows);

      // Without the site's key file the restored database is refused (new keys could not read it)…
      const restoredEnv = { DATA_DIR: fresh.dir, MAIL_TRANSPORT: "smtp", SMTP_URL: env.smtp.url };
      await expect(startFaultServer(restoredEnv)).rejects.toThrow(
        /The server could not start: KEYS_FILE=\S+ does not exist, but the database in DATA_DIR=\S+ was written with the keys in it/,
      );
      // …and with it put back beside the new DATA_DIR, the restored site starts, and sends what was
      // queued: every Message-ID once, nothing else.
      copyFileSync(env.data.keysFile, fresh.keysFile);
      second = await startFaultServer(restoredEnv);
      await waitForAllSent(second, expected.size, { what: `${expected.size} queued e-mails sent after the restore` });
      // The positive control: one more enquiry through the same queue, worker and SMTP server
      // after the restored ones; once both its e-mails are recorded sent, a repeat would have
      // had its turn too.
      const control = { kind: "contact" as const, email: "backup-control@faults.example" };
      const response = await postForm(second.url, control.kind, formBody(validFields(control.kind, control.email, 0)));
      expect(isSuccessPage(control.kind, response), `control: ${response.status}`).toBe(true);
      await waitForAllSent(second, expected.size + 2, { what: "the control enquiry's e-mails sent" });
      await second.stop();
      expect(second.process.exitCode).toBe(0);
      const controlRow = (await exportEnquiries(fresh.dir)).find((row) => row.email === control.email);
      expect(controlRow, "the control enquiry is stored").toBeDefined();
      for (const [id, to] of owedEmails([controlRow!])) expected.set(id, to);

      const ids = expectEachSentOnce(env.smtp.received, expected);

      console.info(
        `backup-restore: ${accepted.length} enquiries submitted, ${before.length} before the snapshot, ` +
          `${rows.length} restored from ${snapshot.name} (${snapshot.bytes} bytes), ${ids.length} e-mails after the restore`,
      );
    } finally {
      stopCopying();
      await second?.kill("SIGKILL");
      saveOutput(second, "backup-restore-restored");
      fresh.remove();
    }
  },
);
