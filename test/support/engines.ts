import type { Site } from "~/site.server";
import { closedAfterEach, serverPerFile, smtpServerPerFile } from "./per-file";
import { smtpPipelines, testEngines } from "./pglite";
import { startPostgres } from "./postgres";

/**
 * What a suite that runs on both engines (the embedded database and a real
 * PostgreSQL server) sets up: one throwaway PostgreSQL cluster for the file,
 * and after each test the pipelines or stores it opened closed and its
 * temporary folders removed (./per-file.ts). Call once at the top of a test file; run the
 * tests with `describe.each(engines)`.
 */
export function bothEngines<Open extends { close(): Promise<unknown> }>() {
  const postgres = serverPerFile("PostgreSQL test server", startPostgres);
  const { open, cleanups, closeNow } = closedAfterEach<Open>();
  const server = () => postgres;
  return { engines: testEngines(server, cleanups), open, cleanups, closeNow, postgres: server };
}

/**
 * A suite on both engines whose pipelines deliver through an SMTP test server
 * of its own (./per-file.ts): what `bothEngines` gives, the server, and
 * `pipelinesOn(engine)`, the pipelines' `start` (./pglite.ts, smtpPipelines).
 */
export function bothEnginesWithSmtp() {
  const smtp = smtpServerPerFile();
  const suite = bothEngines<Site>();
  return { ...suite, smtp, pipelinesOn: smtpPipelines(smtp, suite.open) };
}
