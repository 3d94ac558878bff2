/**
 * `npm run bench:backup`: how long a backup of the embedded database takes,
 * and how large it is, for BENCH_ENQUIRIES (10,000) queued enquiries; then how
 * long restoring it takes. See scripts/lib/backup-bench.ts. The server code
 * it runs uses Vite features (the `~` alias, migrations imported with
 * import.meta.glob), so it is loaded through Vite's module runner.
 * Run with Node 24 (type stripping): `node scripts/bench-backup.ts`.
 */
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import type { benchBackup } from "./lib/backup-bench.ts";

const total = Number(process.env.BENCH_ENQUIRIES ?? 10_000);
const { module } = await runnerImport<{ benchBackup: typeof benchBackup }>("./scripts/lib/backup-bench.ts", {
  configFile: false,
  resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
  logLevel: "warn",
});
await module.benchBackup(total);
