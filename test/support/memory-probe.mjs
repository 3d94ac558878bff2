/**
 * Preloaded into a server under test (`node --expose-gc --import
 * ./test/support/memory-probe.mjs …`, MEMORY_PROBE_FILE set): on SIGUSR2 it
 * collects garbage (when --expose-gc is given) and writes
 * `{ rss, heapUsed, external, gc }` from process.memoryUsage() to MEMORY_PROBE_FILE.
 * Nothing in the site loads it; only tests that measure a running server.
 */
import { writeFileSync } from "node:fs";
import process from "node:process";

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on("SIGUSR2", () => {
    const { gc } = globalThis;
    if (gc) {
      gc();
      gc();
    }
    const { rss, heapUsed, external } = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ rss, heapUsed, external, gc: Boolean(gc), at: Date.now() }));
  });
}
