/**
 * `npm run bench:backup`: how long a backup of the embedded database takes,
 * and how large it is, for BENCH_ENQUIRIES (10,000) queued enquiries; then how
 * long restoring it takes. See scripts/lib/backup-bench.ts. The server code
 * it runs uses Vite features (the `~` alias, migrations imported with
 * import.meta.glob), so it is loaded through a Vite server's module runner,
 * kept open until the benchmark ends: the code imports modules (PGlite) as it runs.
 * Run with Node 24 (type stripping): `node scripts/bench-backup.ts`.
 */
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import type { benchBackup } from "./lib/backup-bench.ts";

const total = Number(process.env.BENCH_ENQUIRIES ?? 10_000);
const vite = await createServer({
  configFile: false,
  resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: "custom",
  logLevel: "warn",
});
try {
  const module = (await vite.ssrLoadModule("./scripts/lib/backup-bench.ts")) as { benchBackup: typeof benchBackup };
  await module.benchBackup(total);
} finally {
  await vite.close();
}
