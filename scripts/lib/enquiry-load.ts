/**
 * Enquiry load as the benchmarks send it (bench:enquiries, bench:memory):
 * valid contact forms, each what a browser posts (test/support/form-posts.ts),
 * from a number of lanes at once, each request to the next of the given
 * servers in turn. Every message carries a marker (`bench-<pid>-<n>`), so the
 * database can be read back afterwards for every enquiry a server accepted.
 * Plain Node can run this module.
 */
import { randomBytes } from "node:crypto";
import { benchContactFields, formToken, urlencodedForm } from "../../test/support/form-posts.ts";
import { limitsOffEnv } from "../../test/support/limits-off.ts";

/** One run's figures: the markers accepted, each request's latency (ms), the errors by kind. */
/**
 * What a benchmark's servers run with: production, quiet logs, limits off, file
 * transports, and `formSecret` (a fresh one per run) to sign the posted forms with.
 */
export function benchServerEnv(formSecret = randomBytes(32).toString("base64url")) {
  return {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    ...limitsOffEnv,
    FORM_SECRET: formSecret,
    MAIL_TRANSPORT: "file",
    SMS_TRANSPORT: "file",
  };
}

export type LoadRun = {
  requests: number;
  accepted: string[];
  latencies: number[];
  errors: Map<string, number>;
  /** Seconds from the first request to the last answer. */
  elapsed: number;
};

/** SQL for either engine: the marker of every stored enquiry's message. */
export const STORED_MARKERS_SQL =
  "select substring(payload->>'message' from 'bench-[0-9]+-[0-9]+') as marker from enquiries";

let sequence = 0;

/**
 * Posts valid contact forms to `formPath` of `origins` (round robin), `concurrency`
 * at a time, for `seconds` or until `count` have been sent. The forms are
 * signed with `formSecret` (the servers' FORM_SECRET). `/contact.data` is where
 * the enhanced form posts (the action's result); `/contact` the form without
 * JavaScript (the page rendered with its thank-you panel).
 */
export async function postEnquiries(options: {
  origins: string[];
  formSecret: string;
  concurrency: number;
  seconds?: number;
  count?: number;
  formPath?: string;
}): Promise<LoadRun> {
  const { origins, concurrency, formPath = "/contact.data" } = options;
  const success = formPath.endsWith(".data") ? '"status","success"' : "Thank you! Your message has been sent.";
  const token = formToken(options.formSecret, Date.now() - 5_000);
  const run: LoadRun = { requests: 0, accepted: [], latencies: [], errors: new Map(), elapsed: 0 };
  const countError = (key: string) => run.errors.set(key, (run.errors.get(key) ?? 0) + 1);
  const startedAt = performance.now();
  const endAt = options.seconds === undefined ? Infinity : startedAt + options.seconds * 1000;
  const more = () => performance.now() < endAt && (options.count === undefined || run.requests < options.count);

  async function postOne() {
    const origin = origins[run.requests++ % origins.length]!;
    const n = ++sequence;
    const marker = `bench-${process.pid}-${n}`;
    const started = performance.now();
    try {
      const response = await fetch(`${origin}${formPath}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: urlencodedForm(benchContactFields(n, `Load test enquiry ${marker}`), token),
        redirect: "manual",
      });
      const text = await response.text();
      run.latencies.push(performance.now() - started);
      if (response.status === 200 && text.includes(success)) run.accepted.push(marker);
      else countError(`HTTP ${response.status}${response.status === 200 ? " without the success result" : ""}`);
    } catch (error) {
      run.latencies.push(performance.now() - started);
      countError(error instanceof Error ? error.message : String(error));
    }
  }

  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (more()) await postOne();
    }),
  );
  run.elapsed = (performance.now() - startedAt) / 1000;
  return run;
}

/** The `p`-th percentile (nearest rank) of a run's latencies, in ms. */
export function percentile(latencies: number[], p: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
