import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formBody } from "../test/support/faults";
import { validFields } from "../test/support/fixtures";
import { isSuccessPage, postForm, rawRequest } from "../test/support/raw-http";
import { DEV_START_MS, devServerPerFile } from "../test/support/per-file";
import { baseSecurityHeaders } from "./security";
import { sleep, waitFor } from "../test/support/wait";
import { outboxDir } from "~/platform/mail/outbox.server";

/**
 * `npm run dev` (server/dev.ts, without the watcher) as a child process: the
 * real server with Vite in middleware mode, on a temporary DATA_DIR. Vite's
 * first transform of the app takes a while on a busy machine, hence the
 * generous timeouts.
 */
const FORM_MIN_FILL_MS = 200;
const slow = DEV_START_MS;
const dev = devServerPerFile("maternis-dev-", { FORM_MIN_FILL_MS: String(FORM_MIN_FILL_MS), LOG_LEVEL: "info" });

describe("the development server", () => {
  let contactPage = "";

  it(
    "renders /contact with the production headers and a nonce-based CSP",
    async () => {
      const response = await rawRequest(dev.server.url, {
        method: "GET",
        path: "/contact",
        headers: { Accept: "text/html" },
        timeoutMs: slow,
      });
      expect(response.status, dev.server.output()).toBe(200);
      for (const [name, value] of Object.entries(baseSecurityHeaders)) {
        expect(response.headers[name.toLowerCase()], name).toBe(value);
      }
      const csp = String(response.headers["content-security-policy"]);
      const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
      expect(nonce).toBeTruthy();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      // The only development change: Vite's hot-reload websocket on this server.
      expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${dev.server.port};`);
      expect(response.body).toContain(`nonce="${nonce}"`);
      contactPage = response.body;
    },
    slow,
  );

  it(
    "takes the contact form without JavaScript and writes its e-mails to DATA_DIR/outbox",
    async () => {
      const token = /name="formStartedAt" value="([^"]+)"/.exec(contactPage)?.[1];
      expect(token).toBeTruthy();
      // A fixed wait is the behaviour here: the server refuses a form posted
      // sooner than FORM_MIN_FILL_MS after it was served (the anti-bot timer).
      await sleep(FORM_MIN_FILL_MS + 100);
      const fields = validFields("contact", "ada@example.com");
      const response = await postForm(dev.server.url, "contact", formBody(fields, token));
      expect(isSuccessPage("contact", response), response.body.slice(0, 500)).toBe(true);

      // A notification to the company, then an acknowledgement to the submitter;
      // a file is complete once its closing MIME boundary ("--" at the end) is written.
      const outbox = outboxDir({ DATA_DIR: dev.dataDir });
      const read = (kind: string) => {
        const name = readdirSync(outbox).find((file) => file.includes(`.${kind}_`) && file.endsWith(".eml"));
        const text = name ? readFileSync(path.join(outbox, name), "utf8") : "";
        return text.trimEnd().endsWith("--") ? text : undefined;
      };
      const emails = await waitFor(
        () => {
          const notification = read("notification");
          const acknowledgement = read("acknowledgement");
          return notification && acknowledgement ? { notification, acknowledgement } : undefined;
        },
        { timeoutMs: 60_000, what: "both e-mails in the outbox" },
      );
      expect(emails.notification).toMatch(/^Reply-To: .*<ada@example\.com>$/m);
      expect(emails.notification).toContain(fields.message);
      expect(emails.acknowledgement).toMatch(/^To: ada@example\.com$/m);
    },
    slow,
  );

  it("shuts down cleanly on SIGTERM", async () => {
    await dev.server.stop();
    expect(await dev.server.exited, dev.server.output()).toBe(0);
    // Through the shared shutdown (the pipeline closed the database), not Vite's own exit on SIGTERM.
    expect(dev.server.output()).toContain('"msg":"shutdown complete"');
  }, 60_000);
});
