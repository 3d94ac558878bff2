/**
 * What a served file needs besides its bytes, computed the same way at build
 * time (scripts/postbuild.ts) and when the server renders a prerendered page
 * again (server/dated-pages.ts): the SHA-256 hashes of a page's inline scripts
 * for its Content-Security-Policy, and the brotli and gzip variants.
 * Plain Node modules only: postbuild runs this file with Node's own
 * TypeScript support.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** Extensions worth precompressing. */
export const compressibleExtensions = new Set([
  ".html",
  ".js",
  ".css",
  ".svg",
  ".json",
  ".xml",
  ".txt",
  ".webmanifest",
  ".ico",
  ".map",
]);

/** Smaller files are sent as they are. */
export const minCompressBytes = 512;

/** Inline, executable <script> bodies (not src=, not JSON data blocks). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc\s*=/.test(attrs) || /type\s*=\s*["']application\/(ld\+)?json["']/i.test(attrs) || body === "") continue;
    scripts.push(body);
  }
  return scripts;
}

/** The CSP source expressions ('sha256-…') of a page's inline scripts, each once. */
export function scriptHashes(html: string): string[] {
  const hashes = inlineScripts(html).map(
    (script) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`,
  );
  return [...new Set(hashes)];
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The brotli (quality 11) and gzip (level 9) variants of a file, each only
 * when it is smaller than the original; none for a file under minCompressBytes.
 * Runs on libuv's thread pool, so a server compressing a page keeps serving.
 */
export async function compressVariants(body: Buffer): Promise<{ br?: Buffer; gzip?: Buffer }> {
  if (body.length < minCompressBytes) return {};
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gz(body, { level: 9 }),
  ]);
  return {
    br: br.length < body.length ? br : undefined,
    gzip: gzipped.length < body.length ? gzipped : undefined,
  };
}
