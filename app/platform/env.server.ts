import path from "node:path";
import { z } from "zod";
import { company } from "~/platform/company";
import { isCalendarDate, londonMidnight } from "./calendar";
import { defaultKeysFile, isInside, withFileSecrets } from "./env-files.server";
import {
  addressRange,
  EnvError,
  bearerKeyString,
  booleanString,
  everyEntry,
  isActionOrigin,
  isCronExpression,
  isHostEntry,
  isTrustProxy,
  secretString,
  settingList,
} from "./env-values.server";

/**
 * The environment, read once per process and validated at start-up. Every
 * variable has a zero-configuration default except secrets that enable
 * optional features. docs/configuration.md lists each one (a test keeps the
 * two in step). The parsed value reaches loaders and actions through the
 * router context (app/context.server.ts); nothing else reads process.env.
 */

// React and React Router choose their development or production builds from
// NODE_ENV when they are first loaded, and the development builds render
// several times slower. Every Node entry point imports this module before
// anything that loads them, so production is the default.
process.env.NODE_ENV ??= "production";

/** What an entry of WEBHOOK_ALLOW_ADDRESSES and of INTEGRATION_HOSTS must be, in the refusal. */
export const ADDRESS_RANGE = "an IP address or CIDR range (such as 127.0.0.1, ::1 or 10.0.0.0/8)";
export const HOST_NAME = 'a host name, or "*." or "**." and one (such as hooks.slack.com or *.webhook.office.com)';
/** What an entry of ALLOWED_ACTION_ORIGINS must be, in the refusal. */
export const ACTION_ORIGIN_HOST =
  'a host as the Origin header carries it, without "https://" (such as admin.maternis.health or localhost:5173), or "*." or "**." and one';

/** The company's own e-mail domain (of its enquiries address in app/platform/company.ts). */
const companyDomain = company.email.enquiries.slice(company.email.enquiries.lastIndexOf("@") + 1);

/**
 * SITE_CLOCK: an ISO date ("2025-06-01" = 00:00 London time that day) or a
 * date and time with its offset ("2025-11-14T09:00:00Z"). It fixes the site's
 * "now" for dated content (app/content/dated.ts), for previews and tests.
 */
export const siteClockSchema = z
  .string()
  .refine(
    (value) =>
      isCalendarDate(value) ||
      (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
        !Number.isNaN(Date.parse(value))),
    "must be an ISO date like 2025-06-01, or a date and time with an offset like 2025-11-14T09:00:00Z",
  )
  .transform((value) => (isCalendarDate(value) ? londonMidnight(value) : new Date(value)));

/** SITE_CLOCK outside the server (the build prerenders with it); throws on a bad value. */
export function parseSiteClock(value: string | undefined): Date | undefined {
  if (value === undefined || value === "") return undefined;
  const result = siteClockSchema.safeParse(value);
  if (!result.success) throw new EnvError(`SITE_CLOCK: ${result.error.issues[0]?.message}`);
  return result.data;
}

export const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /**
   * The site's public address (links in e-mails, Message-IDs, the one origin the staff console
   * signs in on). Unset: http://localhost:PORT, the address `npm start` serves on this machine;
   * production sets it (https://www.maternis.health).
   */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Express "trust proxy": false, true, a hop count, or a list of addresses/subnets ("loopback, 10.0.0.0/8"). */
  TRUST_PROXY: z
    .string()
    .refine(
      isTrustProxy,
      'must be false, true, a hop count, or a comma-separated list of addresses, subnets and the names loopback, linklocal and uniquelocal (like "loopback, 10.0.0.0/8")',
    )
    .default("false"),
  /** Extra origins (hosts, "*." and "**." patterns allowed) whose form posts are accepted, e.g. behind a proxy. */
  ALLOWED_ACTION_ORIGINS: z
    .string()
    .transform((value) => value.toLowerCase())
    .superRefine(everyEntry(isActionOrigin, ACTION_ORIGIN_HOST))
    .pipe(settingList)
    .default([]),
  /** Fixes "now" for dated content (previews, tests); unset = the real time. The server warns when it is set. */
  SITE_CLOCK: siteClockSchema.optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Requests per minute per client across the whole site. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Form and API posts per minute per client. */
  POST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Folder for the embedded database and the file outbox (never the keys: see KEYS_FILE). */
  DATA_DIR: z.string().min(1).default("./data"),

  // Keys (app/platform/keys.server.ts, docs/decisions/020-multi-factor-sign-in.md): never in
  // DATA_DIR, the database or a backup. Each is this variable, or else its line in KEYS_FILE.
  /**
   * A file of the keys not set below, one `NAME=value` line each, owner-only. Default: beside
   * DATA_DIR, `<DATA_DIR>-keys.env` (./data-keys.env), created on the embedded database's first
   * start; with DATABASE_URL nothing is created and a process without its keys refuses to start.
   */
  KEYS_FILE: z.string().min(1).optional(),
  /** better-auth's secret: signs staff session cookies, encrypts authenticator-app keys and sign-in codes. */
  STAFF_AUTH_SECRET: secretString,
  /** Encrypts integration addresses (Slack, Teams, webhooks) and webhook signing secrets in the database. */
  DATA_ENCRYPTION_KEY: secretString,
  /** Keys the client fingerprints and the hashes of addresses (audit log, removed members); never changes. */
  FINGERPRINT_KEY: secretString,
  /** Signs the anti-spam form timestamp. */
  FORM_SECRET: secretString,
  /** A form submitted faster than this after it was rendered is treated as a bot. */
  FORM_MIN_FILL_MS: z.coerce.number().int().min(0).default(2000),

  // Enquiry delivery pipeline (app/features/enquiries, docs/decisions/005-enquiry-outbox.md).
  /** PostgreSQL connection string; unset = embedded PGlite database in DATA_DIR/db. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * The embedded database flushes each commit to the disk (fsync). `false` is for
   * the test suite only: a killed process still loses nothing (the system holds
   * what it wrote), but a power cut or a crash of the machine could lose the last
   * commits. PostgreSQL's own setting is its own.
   */
  EMBEDDED_FSYNC: booleanString.default(true),
  /** Run the delivery worker inside the web server; set false when `npm run worker` runs it. */
  RUN_WORKER: booleanString.default(true),
  /** How e-mail leaves: `file` (.eml files in DATA_DIR/outbox), `smtp` (SMTP_URL) or `acs` (Azure Communication Services). */
  MAIL_TRANSPORT: z.enum(["file", "smtp", "acs"]).default("file"),
  /** smtp(s)://user:pass@host:port — e.g. smtp://…@smtp.azurecomm.net:587 for the ACS SMTP relay. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** Azure Communication Services connection string (MAIL_TRANSPORT=acs, SMS_TRANSPORT=acs). */
  ACS_CONNECTION_STRING: z.string().min(1).optional(),
  /** How SMS leaves: `file` (DATA_DIR/outbox) or `acs`. */
  SMS_TRANSPORT: z.enum(["file", "acs"]).default("file"),
  /** Sender number for SMS in E.164, e.g. +447700900123 (SMS_TRANSPORT=acs). */
  SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, "must be a number in E.164 format, like +447700900123")
    .optional(),
  /** Sender of every e-mail. */
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>@]+ )?<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/,
      'must be an address, or a name and an address, like "Maternis <no-reply@maternis.health>"',
    )
    .default(`${company.brand} <no-reply@maternis.health>`),
  /** Mailbox that receives enquiry notifications. */
  ENQUIRIES_EMAIL: z.email().default(company.email.enquiries),
  /** Bearer token for GET /metrics (Prometheus); unset = no metrics endpoint (404). */
  METRICS_TOKEN: bearerKeyString,
  /** During a rotation, the token METRICS_TOKEN replaces: accepted too until it is removed. */
  METRICS_TOKEN_PREVIOUS: bearerKeyString,
  /** Bearer key for POST /functions/v1/azure-communication; unset = endpoint disabled (404). */
  COMMUNICATION_API_KEY: bearerKeyString,
  /** During a rotation, the key COMMUNICATION_API_KEY replaces: accepted too until it is removed. */
  COMMUNICATION_API_KEY_PREVIOUS: bearerKeyString,
  /** Recipients (e-mail and SMS together) the communication key may send to per minute; beyond it, 429. */
  COMMUNICATION_RECIPIENTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Recipients the communication key may send to per day (a fixed 24-hour window); beyond it, 429. */
  COMMUNICATION_RECIPIENTS_PER_DAY: z.coerce.number().int().positive().default(500),
  /** Domains the communication endpoint may e-mail (comma-separated, exact match); default the company's own. */
  COMMUNICATION_EMAIL_DOMAINS: settingList
    .pipe(
      z
        .array(
          z
            .string()
            .toLowerCase()
            .regex(
              /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
              "must be domain names, like maternis.health",
            ),
        )
        .min(1, "must name at least one domain"),
    )
    .default([companyDomain]),
  /** E.164 prefixes the communication endpoint may text (comma-separated): country codes or longer. */
  COMMUNICATION_SMS_PREFIXES: settingList
    .pipe(
      z
        .array(z.string().regex(/^\+[1-9]\d{0,13}$/, "must be E.164 prefixes, like +44 or +233"))
        .min(1, "must name at least one prefix"),
    )
    .default(["+233", "+234", "+44"]),
  ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: z.coerce.number().int().positive().default(5),
  ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: z.coerce.number().int().positive().default(3),
  ENQUIRY_LIMIT_GLOBAL_PER_HOUR: z.coerce.number().int().positive().default(500),
  /** Suspected spam (honeypot or time trap, fields otherwise valid) kept for review, per client per day; beyond it, dropped. */
  SPAM_KEEP_PER_CLIENT_PER_DAY: z.coerce.number().int().min(0).default(10),
  /** Suspected spam kept for review across the whole site per day; beyond it, dropped. */
  SPAM_KEEP_GLOBAL_PER_DAY: z.coerce.number().int().min(0).default(300),
  // Traffic figures (app/features/traffic, docs/decisions/024-traffic-figures.md).
  /** `on`: the server counts page views and visitors (aggregates only) and enquiries keep their source; `off`: neither. */
  ANALYTICS: z.enum(["on", "off"]).default("on"),
  /** Daily traffic figures older than this are deleted by the daily retention job. */
  TRAFFIC_RETENTION_MONTHS: z.coerce.number().int().positive().default(25),
  /** Enquiries older than this are deleted by the daily retention job. */
  RETENTION_MONTHS: z.coerce.number().int().positive().default(24),
  /** Attempts after the first before a delivery is dead-lettered (10 ≈ one day with the defaults). */
  DELIVERY_RETRY_LIMIT: z.coerce.number().int().min(0).default(10),
  /** First retry delay; doubled on each retry (with jitter) up to DELIVERY_RETRY_DELAY_MAX_SECONDS. 0 = retry at once. */
  DELIVERY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(60),
  DELIVERY_RETRY_DELAY_MAX_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 60 * 60),
  /** Exponential backoff between retries (false = a fixed DELIVERY_RETRY_DELAY_SECONDS). */
  DELIVERY_RETRY_BACKOFF: booleanString.default(true),
  /** Attempts after the first before a webhook, Slack or Teams delivery is given up (12 ≈ a day with the delays above). */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).default(12),
  /**
   * Addresses and ranges (comma-separated, e.g. "10.0.0.0/8, ::1") that
   * integrations may reach although private, loopback or link-local: for
   * tests and private deployments. Empty: only public addresses.
   */
  WEBHOOK_ALLOW_ADDRESSES: z
    .string()
    .superRefine(everyEntry((entry) => addressRange(entry) !== null, ADDRESS_RANGE))
    .default(""),
  /**
   * The only hosts integrations may reach, an allowlist (ASVS 13.2.4): e.g. "hooks.slack.com,
   * *.webhook.office.com"; "*." allows a subdomain one label deep, "**." any depth, as
   * ALLOWED_ACTION_ORIGINS reads them. Empty: any public host.
   */
  INTEGRATION_HOSTS: z.string().superRefine(everyEntry(isHostEntry, HOST_NAME)).default(""),
  /** How often an idle worker looks for new deliveries (at least 0.5). */
  WORKER_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** Deliveries one worker process sends at the same time. */
  WORKER_CONCURRENCY: z.coerce.number().int().positive().max(50).default(4),
  /** Deliveries a worker takes from the queue at once; while a batch comes back full it fetches the next at once. */
  WORKER_BATCH_SIZE: z.coerce.number().int().positive().max(200).default(20),

  // Staff console (app/features/sign-in and the console's features, docs/decisions/009-staff-console.md).
  /** Addresses that become console admins on their first sign-in (comma-separated). */
  STAFF_ADMIN_EMAILS: settingList
    .pipe(z.array(z.email("must be e-mail addresses, separated by commas")))
    .default([])
    .transform((list) => list.map((email) => email.toLowerCase())),
  /** How long a sign-in code is valid: 10 minutes, and never longer (ASVS 6.5.5); tests shorten it. */
  STAFF_CODE_TTL_SECONDS: z.coerce.number().int().positive().max(600).default(600),
  // Sign-in code limits (app/features/sign-in/lockout.server.ts, docs/decisions/019-staff-sessions-and-lockout.md):
  // each refuses one client, or one address from one client, never an address from everywhere.
  /** Sign-in codes one client may ask for per 15 minutes (any addresses). */
  STAFF_CODE_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(20),
  /** Sign-in codes one client may ask for one address per 15 minutes. */
  STAFF_CODE_LIMIT_PER_ADDRESS_CLIENT: z.coerce.number().int().positive().default(5),
  /** Sign-in codes sent to one address per 15 minutes from all clients; then none is sent, but those sent still work. */
  STAFF_CODE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  /** Wrong sign-in codes one client may try per hour (any addresses) before its code checks pause for the hour. */
  STAFF_WRONG_CODES_PER_CLIENT: z.coerce.number().int().positive().default(30),
  /** Wrong sign-in codes for one address from one client before each further try waits (1 minute, doubling, at most an hour). */
  STAFF_WRONG_CODES_BEFORE_DELAY: z.coerce.number().int().positive().default(10),
  /** Wrong sign-in codes for one address from anywhere per 24 hours that alert the admins (once); it refuses nothing. */
  STAFF_WRONG_CODES_ALERT_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /** Console posts per minute per client (the console's own limit, in place of POST_RATE_LIMIT_PER_MINUTE). */
  STAFF_POST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Wrong bearer keys (communication API, /metrics) one client may send per minute before 429. */
  CREDENTIAL_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(10),

  // Backups of the embedded database (app/features/backups/backups.server.ts).
  /** Folder for backups; default DATA_DIR/backups. Owner-only permissions. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** When the worker backs the embedded database up: a five-field cron expression in Europe/London time. */
  BACKUP_CRON: z
    .string()
    .refine(isCronExpression, "must be a cron expression of five fields, like 30 2 * * *")
    .default("30 2 * * *"),
  /** Days back for which the newest backup of each day is kept. */
  BACKUP_KEEP_DAILY: z.coerce.number().int().positive().default(14),
  /** ISO weeks back for which the newest backup of each week is kept. */
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).default(8),
});

/** The parsed environment; BACKUP_DIR is resolved against DATA_DIR, KEYS_FILE beside it. */
export type Env = Omit<z.infer<typeof envSchema>, "BACKUP_DIR" | "SITE_URL" | "KEYS_FILE"> & {
  BACKUP_DIR: string;
  SITE_URL: string;
  KEYS_FILE: string;
};

/** Parses an environment; throws an EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Treat empty strings as unset so `FOO=` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(withFileSecrets(source)).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(...problems);
  }
  // A previous bearer key is accepted only beside the key that replaces it.
  for (const name of ["METRICS_TOKEN", "COMMUNICATION_API_KEY"] as const) {
    const [key, previous] = [result.data[name], result.data[`${name}_PREVIOUS`]];
    if (previous && !key) throw new EnvError(`${name}_PREVIOUS: set only beside ${name}, the new key`);
    if (previous && previous === key) throw new EnvError(`${name}_PREVIOUS: must differ from ${name}`);
  }
  const backupDir = result.data.BACKUP_DIR ?? path.join(result.data.DATA_DIR, "backups");
  const keysFile = result.data.KEYS_FILE ?? defaultKeysFile(result.data.DATA_DIR);
  // Whoever copies DATA_DIR or the backups must not get the keys with them.
  for (const [name, dir] of [
    ["DATA_DIR", result.data.DATA_DIR],
    ["BACKUP_DIR", backupDir],
  ] as const) {
    if (isInside(keysFile, dir)) {
      throw new EnvError(`KEYS_FILE: must be outside ${name} (${path.resolve(dir)}), which backups copy`);
    }
  }
  return {
    ...result.data,
    SITE_URL: result.data.SITE_URL ?? `http://localhost:${result.data.PORT}`,
    BACKUP_DIR: backupDir,
    KEYS_FILE: keysFile,
  };
}

/**
 * The environment of a Node entry point: a bad value stops the process with
 * a message naming the variable (exit code 1), never a stack trace.
 */
export function loadEnvOrExit(source: Record<string, string | undefined> = process.env): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
