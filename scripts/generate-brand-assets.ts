/**
 * Regenerates the raster brand assets in public/ (favicon.ico, touch and
 * manifest icons, the Open Graph image) from public/favicon.svg and an HTML
 * card, using Debian's Chromium. Run by hand after a brand change:
 *   node scripts/generate-brand-assets.ts
 * The outputs are committed, so builds never need a browser.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../test/support/chromium.ts";

const svg = readFileSync("public/favicon.svg", "utf8");
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});
const page = await browser.newPage();

async function icon(size: number, padding = 0, background = "transparent") {
  await page.setViewportSize({ width: size, height: size });
  const inner = size - padding * 2;
  await page.setContent(
    `<html><body style="margin:0;background:${background}"><div style="padding:${padding}px;width:${inner}px;height:${inner}px">${svg.replace("<svg ", `<svg width="${inner}" height="${inner}" `)}</div></body></html>`,
  );
  return page.screenshot({ omitBackground: background === "transparent", type: "png" });
}

writeFileSync("public/icon-192.png", await icon(192));
writeFileSync("public/icon-512.png", await icon(512));
writeFileSync("public/icon-maskable-512.png", await icon(512, 64, "#0b6259"));
writeFileSync("public/apple-touch-icon.png", await icon(180, 0, "#0b6259"));

// favicon.ico holding one 32×32 PNG (the ICO container allows PNG payloads).
const png32 = await icon(32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt8(0, 8); // palette
header.writeUInt8(0, 9); // reserved
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png32.length, 14); // image size
header.writeUInt32LE(22, 18); // image offset
writeFileSync("public/favicon.ico", Buffer.concat([header, png32]));

// Open Graph / Twitter card, 1200×630.
await page.setViewportSize({ width: 1200, height: 630 });
const font = readFileSync("node_modules/@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2").toString(
  "base64",
);
await page.setContent(`<html><head><style>
@font-face{font-family:F;src:url(data:font/woff2;base64,${font}) format("woff2");font-weight:300 900}
body{margin:0;width:1200px;height:630px;font-family:F,sans-serif;background:#083b37;color:#fff;display:flex;flex-direction:column;justify-content:center;padding:0 96px;box-sizing:border-box;position:relative;overflow:hidden}
.mark{display:flex;align-items:center;gap:24px;font-size:56px;font-weight:600}
h1{font-size:72px;line-height:1.1;font-weight:600;margin:48px 0 24px;max-width:760px}
p{font-size:32px;margin:0;color:#d5f1ec}
.arc{position:absolute;right:-300px;top:-330px;width:520px;height:520px;border-radius:50%;border:56px solid #c2412b;opacity:.9}
</style></head><body><div class="arc"></div><div class="mark">${svg.replace("<svg ", '<svg width="88" height="88" ')}Maternis</div>
<h1>Digital Health Records for Mothers</h1><p>Secure, portable maternal records · AI-Obs risk insights · Wearables</p></body></html>`);
writeFileSync("public/og-image.png", await page.screenshot({ type: "png" }));

await browser.close();
console.log("brand assets written to public/");
