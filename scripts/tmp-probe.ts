import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../test/support/chromium";
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send("Preload.enable");
for (const ev of ["Preload.ruleSetUpdated", "Preload.ruleSetRemoved", "Preload.prerenderStatusUpdated", "Preload.prefetchStatusUpdated", "Preload.preloadingAttemptSourcesUpdated", "Preload.preloadEnabledStateUpdated"])
  cdp.on(ev as never, (p: unknown) => console.log(ev, JSON.stringify(p).slice(0, 400)));
page.on("console", (m) => console.log("console:", m.type(), m.text()));

await page.goto(`http://127.0.0.1:4460/`);
await page.waitForTimeout(1000);
const link = page.getByRole("banner").getByRole("link", { name: "About" }).first();
await link.hover();
await page.waitForTimeout(2000);
await link.click();
await page.waitForURL(/about/);
console.log(await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as any).activationStart));
await browser.close();
