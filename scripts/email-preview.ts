/**
 * `npm run email:dev`: renders every e-mail template with its sample
 * PreviewProps to HTML and plain text under build/email-preview/, and serves an
 * index of them on http://localhost:3001 (127.0.0.1 only). No network access:
 * the logo, which points at the live site, is served from public/ instead.
 * Re-run the command to pick up template changes.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { company } from "../app/platform/company.ts";
import { defaultLogo } from "../app/platform/mail/header.tsx";
import { emailPreviews } from "../app/emails.ts";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "build", "email-preview");
const port = Number(process.env.EMAIL_PREVIEW_PORT ?? 3001);
const host = "127.0.0.1";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Rendered = { name: string; subject: string; html: string; text: string };

async function renderAll(): Promise<Rendered[]> {
  await mkdir(outDir, { recursive: true });
  const rendered: Rendered[] = [];
  for (const preview of emailPreviews) {
    const email = await preview.render();
    await writeFile(path.join(outDir, `${preview.name}.html`), email.html);
    await writeFile(path.join(outDir, `${preview.name}.txt`), `Subject: ${email.subject}\n\n${email.text}`);
    rendered.push({ name: preview.name, ...email });
  }
  return rendered;
}

function indexPage(emails: Rendered[]): string {
  const rows = emails
    .map(
      (e) =>
        `<li><a href="/${e.name}.html">${escape(e.name)}</a> · <a href="/${e.name}.txt">text</a><br><small>Subject: ${escape(e.subject)}</small></li>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escape(company.brand)} e-mail previews</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#10201e}a{color:#0b6259}li{margin:0 0 1rem}small{color:#4b5b59}</style></head>
<body><h1>${escape(company.brand)} e-mail previews</h1><p>Rendered with each template's PreviewProps. Files are in <code>${escape(path.relative(root, outDir))}/</code>. Re-run <code>npm run email:dev</code> after editing a template.</p><ul>${rows}</ul></body></html>`;
}

const emails = await renderAll();
const index = indexPage(emails);
const logoPath = new URL(defaultLogo.url).pathname;
const logo = await readFile(path.join(root, "public", logoPath));

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://${host}`);
  const send = (status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
    res.end(body);
  };
  if (url.pathname === "/") return send(200, "text/html; charset=utf-8", index);
  if (url.pathname === logoPath) return send(200, "image/png", logo);
  const match = /^\/([a-z0-9-]+)\.(html|txt)$/.exec(url.pathname);
  const email = match && emails.find((e) => e.name === match[1]);
  if (!match || !email) return send(404, "text/plain; charset=utf-8", "Not found");
  if (match[2] === "txt") return send(200, "text/plain; charset=utf-8", `Subject: ${email.subject}\n\n${email.text}`);
  // Local preview only: load the logo from this server rather than the live site.
  return send(200, "text/html; charset=utf-8", email.html.replaceAll(defaultLogo.url, logoPath));
});

server.listen(port, host, () => {
  process.stdout.write(
    `Rendered ${emails.length} e-mails to ${path.relative(root, outDir)}/\nPreview: http://localhost:${port}/ (listening on ${host})\n`,
  );
});
