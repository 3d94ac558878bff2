import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { contentSecurityPolicy, subresourceHeaders } from "./security";

/**
 * Serves the client build from memory: hashed assets with immutable caching,
 * prerendered pages as files with their build-time CSP hashes, and the
 * brotli/gzip variants written by scripts/postbuild.ts when the client
 * accepts them. Everything else falls through to the React Router handler.
 */
export type PrerenderManifest = Record<string, { file: string; scriptHashes: string[] }>;

type Variant = { body: Buffer; etag: string };
type Entry = {
  type: string;
  cacheControl: string;
  csp?: string;
  /** A hashed build file under /assets/, an icon, an image or the web manifest: sent with subresourceHeaders. */
  subresource?: boolean;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
};

/**
 * Files a page loads but a person does not open as a page: the icons, the
 * social image and the web manifest. They get the
 * short subresource headers like /assets/ (server/security.ts), which spares
 * every first visit about a kilobyte of headers per file; their policy
 * forbids everything, so one opened on its own (an SVG) runs nothing. The
 * downloads (the pitch PDF) and the crawlers' files keep the page headers.
 */
const subresourceFile = /\.(png|svg|ico|webmanifest)$/;

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
  ".map": "application/json; charset=utf-8",
};

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full, base) : [path.relative(base, full)];
  });
}

function variant(body: Buffer): Variant {
  return { body, etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"` };
}

/** Parses Accept-Encoding and picks br, then gzip, honouring q=0. */
function negotiateEncoding(header: string | undefined): "br" | "gzip" | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allowed = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allowed("br")) return "br";
  if (allowed("gzip")) return "gzip";
  return undefined;
}

/** A prerendered page as the server serves it: its HTML, its CSP script hashes and its precompressed variants. */
export type RenderedPage = { html: Buffer; scriptHashes: string[]; br?: Buffer; gzip?: Buffer };

function pageEntry(page: RenderedPage): Entry {
  return {
    type: types[".html"]!,
    cacheControl: "public, max-age=0, must-revalidate",
    csp: contentSecurityPolicy({ scriptHashes: page.scriptHashes }),
    identity: variant(page.html),
    br: page.br ? variant(page.br) : undefined,
    gzip: page.gzip ? variant(page.gzip) : undefined,
  };
}

function loadStaticFiles(clientDir: string, manifest: PrerenderManifest) {
  const entries = new Map<string, Entry>();
  const files = new Set(walk(clientDir).map((file) => file.split(path.sep).join("/")));
  const htmlToRoute = new Map(Object.entries(manifest).map(([route, info]) => [info.file, route]));

  for (const file of files) {
    if (file.endsWith(".br") || file.endsWith(".gz") || file.endsWith(".data")) continue;
    const ext = path.extname(file);
    const read = (suffix: string) =>
      files.has(file + suffix) ? variant(readFileSync(path.join(clientDir, file + suffix))) : undefined;
    const base = {
      type: types[ext] ?? "application/octet-stream",
      identity: variant(readFileSync(path.join(clientDir, file))),
      br: read(".br"),
      gzip: read(".gz"),
    };
    const route = htmlToRoute.get(file);
    if (route !== undefined) {
      entries.set(
        route,
        pageEntry({
          html: base.identity.body,
          scriptHashes: manifest[route]!.scriptHashes,
          br: base.br?.body,
          gzip: base.gzip?.body,
        }),
      );
    } else if (ext === ".html") {
      continue; // HTML that is not a known prerendered page is never served raw.
    } else {
      const immutable = file.startsWith("assets/");
      entries.set(`/${file}`, {
        ...base,
        cacheControl: immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        subresource: immutable || subresourceFile.test(file),
      });
    }
  }
  return entries;
}

/**
 * A plain Node handler (it runs before Express, so a static hit pays for no
 * middleware): answers GET/HEAD for known files and returns true, or returns
 * false to let the application handle the request. Its prerendered pages can
 * be replaced while it serves (server/dated-pages.ts).
 */
export type StaticFiles = ((req: IncomingMessage, res: ServerResponse) => boolean) & {
  /** The routes of the prerendered pages. */
  readonly pageRoutes: readonly string[];
  /** The HTML served for a prerendered route now. */
  pageHtml(route: string): Buffer | undefined;
  /**
   * Serves `page` for a prerendered route from now on: the HTML, its
   * variants and its CSP are built first and swapped in with one assignment,
   * so every request gets either the old page or the new one, whole.
   */
  replacePage(route: string, page: RenderedPage): void;
};

export function staticFiles(
  clientDir: string,
  manifest: PrerenderManifest,
  baseHeaders: Record<string, string>,
): StaticFiles {
  const entries = loadStaticFiles(clientDir, manifest);
  const pageRoutes = Object.keys(manifest).filter((route) => entries.get(route)?.csp !== undefined);
  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const queryStart = url.indexOf("?");
    let pathname: string;
    try {
      pathname = decodeURIComponent(queryStart >= 0 ? url.slice(0, queryStart) : url);
    } catch {
      return false;
    }
    const entry = entries.get(pathname);
    if (!entry) {
      // "/about/" → "/about" for prerendered pages.
      const trimmed = pathname.replace(/\/+$/, "");
      if (pathname.length > 1 && trimmed !== pathname && entries.get(trimmed)?.csp) {
        res.writeHead(301, { ...baseHeaders, Location: trimmed + (queryStart >= 0 ? url.slice(queryStart) : "") });
        res.end();
        return true;
      }
      return false;
    }
    const encoding = entry.br || entry.gzip ? negotiateEncoding(req.headers["accept-encoding"]) : undefined;
    const chosen = (encoding && entry[encoding]) || entry.identity;
    const headers: Record<string, string> = {
      ...(entry.subresource ? subresourceHeaders : baseHeaders),
      "Content-Type": entry.type,
      "Cache-Control": entry.cacheControl,
      ETag: chosen.etag,
    };
    if (entry.br || entry.gzip) headers.Vary = "Accept-Encoding";
    if (chosen !== entry.identity && encoding) headers["Content-Encoding"] = encoding;
    if (entry.csp) headers["Content-Security-Policy"] = entry.csp;
    const inm = req.headers["if-none-match"];
    if (inm && inm.split(",").some((tag) => tag.trim().replace(/^W\//, "") === chosen.etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    headers["Content-Length"] = String(chosen.body.length);
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : chosen.body);
    return true;
  };
  return Object.assign(handle, {
    pageRoutes,
    pageHtml: (route: string) =>
      entries.get(route)?.csp !== undefined ? entries.get(route)!.identity.body : undefined,
    replacePage(route: string, page: RenderedPage) {
      if (!pageRoutes.includes(route)) throw new Error(`${route} is not a prerendered page`);
      entries.set(route, pageEntry(page));
    },
  });
}

export function readPrerenderManifest(buildDir: string): PrerenderManifest {
  const file = path.join(buildDir, "prerendered.json");
  try {
    statSync(file);
  } catch {
    throw new Error(`${file} is missing: run "npm run build" first.`);
  }
  return JSON.parse(readFileSync(file, "utf8")) as PrerenderManifest;
}
