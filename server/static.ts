import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import { contentSecurityPolicy } from "./security";

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
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
};

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
export function negotiateEncoding(header: string | undefined): "br" | "gzip" | undefined {
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

export function loadStaticFiles(clientDir: string, manifest: PrerenderManifest) {
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
      entries.set(route, {
        ...base,
        cacheControl: "public, max-age=0, must-revalidate",
        csp: contentSecurityPolicy({ scriptHashes: manifest[route]!.scriptHashes }),
      });
    } else if (ext === ".html") {
      continue; // HTML that is not a known prerendered page is never served raw.
    } else {
      const immutable = file.startsWith("assets/");
      entries.set(`/${file}`, {
        ...base,
        cacheControl: immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      });
    }
  }
  return entries;
}

export function staticFiles(clientDir: string, manifest: PrerenderManifest): RequestHandler {
  const entries = loadStaticFiles(clientDir, manifest);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const entry = entries.get(pathname);
    if (!entry) {
      // "/about/" → "/about" for prerendered pages.
      if (pathname.length > 1 && pathname.endsWith("/") && entries.has(pathname.replace(/\/+$/, ""))) {
        const queryStart = req.originalUrl.indexOf("?");
        const search = queryStart >= 0 ? req.originalUrl.slice(queryStart) : "";
        return res.redirect(301, pathname.replace(/\/+$/, "") + search);
      }
      return next();
    }
    const encoding = entry.br || entry.gzip ? negotiateEncoding(req.get("accept-encoding")) : undefined;
    const chosen = (encoding && entry[encoding]) || entry.identity;
    res.setHeader("Content-Type", entry.type);
    res.setHeader("Cache-Control", entry.cacheControl);
    if (entry.br || entry.gzip) res.setHeader("Vary", "Accept-Encoding");
    if (chosen !== entry.identity && encoding) res.setHeader("Content-Encoding", encoding);
    if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
    res.setHeader("ETag", chosen.etag);
    const inm = req.get("if-none-match");
    if (inm && inm.split(",").some((tag) => tag.trim().replace(/^W\//, "") === chosen.etag)) {
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Length", String(chosen.body.length));
    if (req.method === "HEAD") {
      res.status(200).end();
      return;
    }
    res.status(200).end(chosen.body);
  };
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
