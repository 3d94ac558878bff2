/**
 * What the tests of keys outside the data share (app/platform/keys*.test.ts):
 * a site opened as the server opens it, with its console and a logger the
 * test reads, and the environments and values they start from. (The keys
 * themselves are in ./test-keys.ts, which plain Node imports; this module
 * imports the site.)
 */
import type { Env } from "~/platform/env.server";
import { createMemoryLogger } from "~/platform/log.server";
import { createServices, openSite, type Site } from "~/site.server";
import { publicLookup } from "./webhook-hosts";

/** No key in the environment (the form secret neither): KEYS_FILE only. */
export const WITHOUT_KEYS = {
  STAFF_AUTH_SECRET: undefined,
  DATA_ENCRYPTION_KEY: undefined,
  FINGERPRINT_KEY: undefined,
  FORM_SECRET: undefined,
};

/** The member who signs in before and after the keys move. */
export const KEYS_MEMBER = "keys.member@maternis.test";

/** An integration's addresses, which the data key encrypts. */
export const SLACK_URL = "https://hooks.slack.com/services/T0LEGACY/B0LEGACY/legacychannelsecret";
export const WEBHOOK_URL = "https://crm.example.org/hooks/legacy-crm";

/** `start(env)`: a pipeline (no worker) and console as the server builds them, closed after the test (`open`). */
export function keysSites(open: Site[]) {
  return async function start(env: Env) {
    const log = createMemoryLogger();
    const pipeline = await openSite({ env, log, runWorker: false });
    open.push(pipeline);
    // Host names resolve to a public address without the internet (./webhook-hosts.ts).
    const console = await createServices(pipeline.platform, { webhooks: { lookup: publicLookup } });
    return { pipeline, console, store: pipeline.platform.store, log };
  };
}
