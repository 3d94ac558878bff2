import { z } from "zod";
import { company } from "~/content/company";

/**
 * The environment, read once and validated at start-up. Every variable has a
 * zero-configuration default except secrets that enable optional features.
 * README.md lists each one; keep that table in step with this schema.
 */
const booleanString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const commaList = z
  .string()
  .transform((value) => value.split(",").map((item) => item.trim()).filter(Boolean));

export const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SITE_URL: z.url({ protocol: /^https?$/ }).default(company.siteUrl),
  /** Express "trust proxy": false, true, a hop count, or a list of addresses/subnets ("loopback, 10.0.0.0/8"). */
  TRUST_PROXY: z.string().default("false"),
  /** Extra origins (host names, globs allowed) whose form posts are accepted, e.g. behind a proxy. */
  ALLOWED_ACTION_ORIGINS: commaList.default([]),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Requests per minute per client across the whole site. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Form and API posts per minute per client. */
  POST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Folder for the embedded database, the file outbox and generated secrets. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** Secret that signs the anti-spam form timestamp; generated into DATA_DIR when unset. */
  FORM_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** A form submitted faster than this after it was rendered is treated as a bot. */
  FORM_MIN_FILL_MS: z.coerce.number().int().min(0).default(2000),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses an environment; throws an EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Treat empty strings as unset so `FOO=` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n  ${problems.join("\n  ")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The process environment, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
