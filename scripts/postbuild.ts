/**
 * After `react-router build`: precompress the client build (brotli + gzip) and
 * record the prerendered pages with the SHA-256 hashes of their inline scripts,
 * so the server can send a hash-based Content-Security-Policy for them.
 * Runs with Node's built-in TypeScript support: `node scripts/postbuild.ts`.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compressVariants, compressibleExtensions, minCompressBytes, scriptHashes } from "../server/page-assets.ts";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const clientDir = path.join(buildDir, "client");

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

const manifest: Record<string, { file: string; scriptHashes: string[] }> = {};
let originalBytes = 0;
let compressedFiles = 0;

for (const file of walk(clientDir)) {
  const ext = path.extname(file);
  if (file.endsWith(".br") || file.endsWith(".gz")) continue;
  const body = readFileSync(file);
  const relative = path.relative(clientDir, file).split(path.sep).join("/");

  if (relative === "index.html" || relative.endsWith("/index.html")) {
    const route = relative === "index.html" ? "/" : `/${relative.slice(0, -"/index.html".length)}`;
    manifest[route] = { file: relative, scriptHashes: scriptHashes(body.toString("utf8")) };
  }

  if (!compressibleExtensions.has(ext) || body.length < minCompressBytes) continue;
  const { br, gzip } = await compressVariants(body);
  if (br) writeFileSync(`${file}.br`, br);
  if (gzip) writeFileSync(`${file}.gz`, gzip);
  originalBytes += body.length;
  compressedFiles += 1;
}

// Server-only code must never reach the browser: fail the build if the client
// bundle carries a marker that only server modules contain.
const serverMarkers = [
  "form-secret",
  "createHmac",
  "pg-boss",
  "drizzle-orm",
  "@electric-sql/pglite",
  "nodemailer",
  "DATABASE_URL",
  "COMMUNICATION_API_KEY",
];
for (const file of walk(path.join(clientDir, "assets")).filter((f) => f.endsWith(".js"))) {
  const source = readFileSync(file, "utf8");
  const leaked = serverMarkers.filter((marker) => source.includes(marker));
  if (leaked.length > 0) {
    console.error(
      `postbuild: server-only code reached the client bundle (${path.relative(buildDir, file)}: ${leaked.join(", ")})`,
    );
    process.exit(1);
  }
}

writeFileSync(path.join(buildDir, "prerendered.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `postbuild: ${Object.keys(manifest).length} prerendered pages, ${compressedFiles} files precompressed (${Math.round(originalBytes / 1024)} KiB)`,
);
