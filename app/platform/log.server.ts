/**
 * The one logger of every process (web server, worker, operator CLI, route
 * actions): pino, one JSON object per line on stdout (stderr for errors),
 * ready for any log collector. The web server creates it once and hands it to
 * loaders and actions through the router context (app/context.server.ts); tests give a
 * silent or capturing one (`createMemoryLogger`).
 *
 * No secret and no personal data reaches a line. Call sites log ids, kinds and
 * Message-IDs, never addresses or codes; as a second line of defence, the
 * fields in REDACTED_FIELDS are censored wherever they appear (two levels
 * deep), any e-mail address or phone number inside a logged string (a
 * provider's error text often echoes the recipient) is replaced, and a
 * failed database query's error keeps its SQL but not the values it bound.
 */
import { pino, type DestinationStream, type Logger as Pino } from "pino";
import { decodedOnce } from "./text";

type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;
export type LogEntry = LogFields & { time: string; level: LogLevel; msg: string };

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every entry (e.g. `{ component: "forms" }`). */
  child(fields: LogFields): Logger;
}

/**
 * Field names whose values never reach a log line: credentials and contact
 * details wherever they appear (two levels deep); names and message content
 * at the top level (`err.name` and `err.message` stay readable).
 */
export const REDACTED_FIELDS = [
  "authorization",
  "cookie",
  "set-cookie",
  "headers",
  "code",
  "otp",
  "token",
  "sessionToken",
  "apiKey",
  "key",
  "secret",
  "password",
  "email",
  "to",
  "from",
  "replyTo",
  "phone",
  "address",
] as const;
const REDACTED_AT_TOP = ["name", "subject", "text", "html", "payload"] as const;

const CENSOR = "[redacted]";
const EMAIL = /[^\s@<>"',;:()[\]]+@[^\s@<>"',;:()[\]]+\.[a-z]{2,}/gi;
/** An international number: "+" and 7 to 15 digits (E.164; St Helena's are 7 in all), spaces allowed between. */
const PHONE = /\+\d[\d ]{5,16}\d/g;
/** A number in national form: "07700900123", "07700 900123", "0244 123456" (ten or eleven digits after the 0). */
const NATIONAL_PHONE = /\b0\d{9,10}\b|\b0\d{3,4} \d{6,7}\b/g;

/** A string with any e-mail address or phone number replaced, percent-encoded ones too. */
export function scrub(text: string): string {
  return decodedOnce(text).replace(EMAIL, "[address]").replace(PHONE, "[phone]").replace(NATIONAL_PHONE, "[phone]");
}

/**
 * A failed query's values: Drizzle's error says "Failed query: <sql>" and,
 * on the next line, "params: <every value bound>", which hold what a person
 * typed (a message, a name) and stored secrets. The SQL stays (its values
 * are placeholders); the values go, in the message and in the stack.
 */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
const withoutQueryValues = (text: string) => text.replace(QUERY_PARAMS, "\nparams: [redacted]");

/**
 * An error as it may be kept beyond the logs (a failed job's `output` in pg-boss's tables, ADR
 * 013): its name, message and stack scrubbed as a log line's are, a failed query's values dropped,
 * and nothing else (no cause, no properties a library added).
 */
export function scrubbedError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(scrub(String(error)));
  const clean = new Error(scrub(withoutQueryValues(error.message)));
  clean.name = error.name;
  clean.stack = error.stack ? scrub(withoutQueryValues(error.stack)) : undefined;
  return clean;
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrub(value);
  if (value instanceof Error) {
    const message = scrub(withoutQueryValues(value.message));
    return { name: value.name, message, stack: value.stack && scrub(withoutQueryValues(value.stack)) };
  }
  if (Array.isArray(value)) return depth > 4 ? "[…]" : value.map((item) => scrubValue(item, depth + 1));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    if (depth > 4) return "[…]";
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, depth + 1)]));
  }
  return value;
}

/** Lines go through process.stdout / process.stderr (so a test may spy on them). */
const standardStreams = pino.multistream(
  [
    { level: "debug", stream: { write: (line: string) => void process.stdout.write(line) } },
    { level: "error", stream: { write: (line: string) => void process.stderr.write(line) } },
  ],
  { dedupe: true },
);

function wrap(logger: Pino): Logger {
  const write = (level: LogLevel) => (msg: string, fields?: LogFields) => {
    if (!logger.isLevelEnabled(level)) return;
    logger[level](fields ? (scrubValue(fields) as LogFields) : {}, scrub(msg));
  };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    child: (fields) => wrap(logger.child(scrubValue(fields) as LogFields)),
  };
}

export function createLogger(
  level: LogLevel | "silent" = "info",
  base: LogFields = {},
  destination: DestinationStream = standardStreams,
): Logger {
  const logger = pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: [
          ...REDACTED_FIELDS.flatMap((field) => [`["${field}"]`, `*["${field}"]`]),
          ...REDACTED_AT_TOP.map((field) => `["${field}"]`),
        ],
        censor: CENSOR,
      },
    },
    destination,
  );
  return wrap(Object.keys(base).length > 0 ? logger.child(scrubValue(base) as LogFields) : logger);
}

/** For tests: a logger that keeps every entry (all levels), as written, in `entries` instead of printing it. */
export function createMemoryLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return Object.assign(
    createLogger("debug", {}, { write: (line: string) => void entries.push(JSON.parse(line) as LogEntry) }),
    { entries },
  );
}
