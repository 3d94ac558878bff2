/**
 * Issue 7, malformed requests: 1,000 generated bad requests (seeded, so a
 * failure reproduces; FAULTS_SEED overrides the seed) against the three form
 * actions and the communication endpoint, with valid controls among them.
 *
 * Proves: no request gets a 5xx and the server never exits; every refusal
 * says why; nothing malformed is stored (the operator CLI lists exactly the
 * controls) and the endpoint sends nothing it refused.
 *
 * What a refusal looks like:
 * - form actions, invalid fields: 400 with the form's error summary ("There is
 *   a problem") naming the problem;
 * - form actions, anti-spam failures (honeypot filled, token missing, forged
 *   or malformed) and bodies that are not a form at all (wrong content type,
 *   broken multipart): a 200 that looks exactly like success, as for a person,
 *   so a bot learns nothing; nothing is stored or sent;
 * - an expired token (over a day old): 400 asking to send the form again;
 * - a form body over 128 KiB: 413 (411 when it has no Content-Length);
 * - paths without an action: 405 or 404 pages (404 data for *.data
 *   requests), also with a broken escape ("/%ZZ"); a broken escape in the
 *   part of a sign-in endpoint's path that Express decodes: 400, plain text;
 *   methods other than GET, HEAD and POST: 405;
 * - the communication endpoint: a 4xx with JSON `{ "error": "…" }`.
 * Invalid percent-escapes such as "%zz" are kept literally (the URL standard,
 * as browsers do), so every generated case also carries a real error: an
 * escape that is not UTF-8 (decoded to U+FFFD, which no field accepts).
 * The endpoint's JSON parser likewise decodes bytes that are not UTF-8 inside
 * a string as U+FFFD; its cases put them where they break the JSON instead.
 */
import { expect, test } from "vitest";
import { enquiryKindNames } from "~/features/enquiries/kinds";
import { exportEnquiries } from "../test/support/enquiries-cli";
import {
  COMMUNICATION_API_KEY,
  deliveryCounts,
  faultEnvironment,
  formBody,
  waitForAllSent,
} from "../test/support/faults";
import { validFields, type FormKind } from "../test/support/fixtures";
import { pool } from "../test/support/load";
import { isSuccessPage, postForm, rawRequest } from "../test/support/raw-http";
import { apiRequest } from "./malformed/api-cases";
import { check, type Case } from "./malformed/case";
import { TOTAL, generate } from "./malformed/generate";

const SEED = Number(process.env.FAULTS_SEED ?? 20260707);
const kinds: FormKind[] = enquiryKindNames;

const env = faultEnvironment("malformed");

test(`${TOTAL} malformed requests: no 5xx, no crash, a clear refusal each, nothing stored`, async () => {
  const running = await env.start({ COMMUNICATION_API_KEY });
  const cases = generate(SEED, running.url);

  // Valid controls among the junk: they must be stored and sent, so "nothing stored" means something.
  const controls: { kind: FormKind; email: string }[] = [];
  const apiControls: string[] = [];
  const all: (Case | { control: FormKind | "api"; at: number })[] = [...cases];
  for (let i = 0; i < 12; i++)
    all.splice(Math.floor(((i + 0.5) * all.length) / 12), 0, { control: kinds[i % 3]!, at: i });
  for (let i = 0; i < 3; i++) all.splice(Math.floor(((i + 0.3) * all.length) / 3), 0, { control: "api", at: i });

  const problems: string[] = [];
  const statuses = new Map<number, number>();
  const started = Date.now();
  const results = await pool(all.length, 6, async (i) => {
    const item = all[i]!;
    if ("control" in item) {
      if (item.control === "api") {
        const subject = `API control ${item.at}`;
        const res = await rawRequest(
          running.url,
          apiRequest(
            JSON.stringify({
              action: "send_email",
              data: { to: `api-control-${item.at}@faults.example`, subject, textContent: "control" },
            }),
          ),
        );
        if (res.status !== 200) problems.push(`API control ${item.at}: ${res.status} ${res.body}`);
        apiControls.push(subject);
        return;
      }
      const email = `control-${item.at}@faults.example`;
      const res = await postForm(running.url, item.control, formBody(validFields(item.control, email, item.at)));
      if (!isSuccessPage(item.control, res)) problems.push(`control ${item.control} ${email}: ${res.status}`);
      controls.push({ kind: item.control, email });
      return;
    }
    const res = await rawRequest(running.url, item.request);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const problem = check(item, res);
    if (problem) problems.push(`#${i} ${item.name}: ${problem}`);
  });
  const networkErrors = results.flatMap((result, i) =>
    result.status === "rejected"
      ? [`#${i} ${"name" in all[i]! ? (all[i] as Case).name : "control"}: ${String(result.reason)}`]
      : [],
  );
  const elapsed = Date.now() - started;

  expect(networkErrors).toEqual([]);
  expect(running.process.exitCode).toBeNull();
  expect(running.process.signalCode).toBeNull();
  expect(problems).toEqual([]);
  expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
  // Still healthy after all that.
  expect((await fetch(`${running.url}/healthz`)).status).toBe(200);

  // Only the controls' e-mails (two per enquiry) and the API controls are sent. A last control
  // enquiry goes through the same form, queue, worker and SMTP server after all the junk: once the
  // database records its e-mails sent (after their SMTP exchange), anything the junk had queued
  // would have been sent or still be waiting, and both show in the counts.
  const last = { kind: "contact" as const, email: "control-last@faults.example" };
  const lastResponse = await postForm(running.url, last.kind, formBody(validFields(last.kind, last.email, 99)));
  expect(isSuccessPage(last.kind, lastResponse), `the last control: ${lastResponse.status}`).toBe(true);
  controls.push(last);
  const expectedMail = controls.length * 2 + apiControls.length;
  await waitForAllSent(running, controls.length * 2, { timeoutMs: 60_000, what: "every control's deliveries sent" });
  expect(await deliveryCounts(running)).toEqual({ queued: 0, sent: controls.length * 2, failed: 0, dead: 0 });
  await running.stop();
  expect(running.process.exitCode).toBe(0);

  const rows = await exportEnquiries(env.data.dir);
  expect(rows.map((row) => row.email).sort()).toEqual(controls.map((c) => c.email).sort());
  const allowedRecipients = new Set([
    "enquiries@maternis.test",
    ...controls.map((c) => c.email),
    ...apiControls.map((_, i) => `api-control-${i}@faults.example`),
  ]);
  expect(env.smtp.received.flatMap((mail) => mail.envelopeTo).filter((to) => !allowedRecipients.has(to))).toEqual([]);
  expect(env.smtp.received).toHaveLength(expectedMail);
  expect(
    env.smtp.received
      .filter((mail) => mail.subject?.startsWith("API control"))
      .map((mail) => mail.subject)
      .sort(),
  ).toEqual([...apiControls].sort());

  const summary = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
  console.info(
    `malformed: seed ${SEED}, ${cases.length} requests + ${controls.length + apiControls.length} controls in ${elapsed} ms; statuses ${summary}; ${rows.length} stored`,
  );
}, 240_000);
