/**
 * The bytes of one visit: in one browser (one profile, one cache), open `/`,
 * then follow the header's links to /product and /contact as a visitor does
 * (the pointer rests on a link for 300 ms before the click, long enough for
 * the browser's hover speculation to start), then fill in the contact form
 * and send it (its island posts to /contact.data). Every byte the server
 * sends is counted by a TCP relay between the browser and the server, so
 * prefetches, prerenders, route manifests and modules all count, whatever the
 * browser does with them.
 *
 *   npx tsx scripts/lib/session-bytes.ts http://127.0.0.1:PORT   (a running server)
 *
 * npm run bench:pages runs it on the server it starts.
 */
import { createServer, connect, type AddressInfo } from "node:net";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../../test/support/chromium";

export const sessionSteps = [
  { path: "/", link: null },
  { path: "/product", link: "Product" },
  { path: "/contact", link: "Contact" },
  { path: "/contact (submit)", link: null },
] as const;

export type SessionResult = { steps: { path: string; bytes: number }[]; total: number };

/** A TCP relay to `target` that counts the bytes coming back from it. */
async function countingRelay(target: URL) {
  let received = 0;
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    upstream.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const port = (relay.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
}

export async function measureSession(serverUrl: string): Promise<SessionResult> {
  const relay = await countingRelay(new URL(serverUrl));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const steps: SessionResult["steps"] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    let before = 0;
    for (const step of sessionSteps) {
      if (step.path === "/contact (submit)") {
        // The first field's focus starts the form's island; it runs and hydrates once the visitor pauses.
        await page.fill("#contact-form-name", "Session Visitor");
        await page.fill("#contact-form-email", "visitor@example.com");
        await page.fill("#contact-form-message", "A message sent by the page benchmark.");
        await page.locator("[data-island][data-island-ready]").waitFor({ state: "attached" });
        await page.waitForTimeout(1500); // the form's minimum fill time
        await page.getByRole("button", { name: "Send Message" }).click();
        await page.locator('[data-slot="success-panel"], [data-slot="form-alert"]').first().waitFor();
      } else if (step.link === null) {
        await page.goto(`${relay.url}${step.path}`, { waitUntil: "load" });
      } else {
        const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: step.link, exact: true });
        await link.hover();
        await page.waitForTimeout(300);
        await link.click();
        await page.waitForURL(`${relay.url}${step.path}`);
      }
      // Whatever the page starts after load (speculation; on the contact page, the island once a field has focus) settles.
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(1000);
      await page.mouse.move(1, 1);
      await page.waitForLoadState("networkidle");
      steps.push({ path: step.path, bytes: relay.received() - before });
      before = relay.received();
    }
    await context.close();
  } finally {
    await browser.close();
    await relay.close();
  }
  return { steps, total: steps.reduce((sum, s) => sum + s.bytes, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (!url) throw new Error("usage: npx tsx scripts/lib/session-bytes.ts http://127.0.0.1:PORT");
  const result = await measureSession(url);
  for (const step of result.steps) console.log(`${step.path}\t${(step.bytes / 1024).toFixed(1)} KB`);
  console.log(`total\t${(result.total / 1024).toFixed(1)} KB`);
}
