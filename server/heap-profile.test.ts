import { expect, test } from "vitest";
import { optimizesForSize } from "./heap-profile";

const postgres = { DATABASE_URL: "postgres://maternis@127.0.0.1/maternis" };
const embedded = { DATABASE_URL: undefined };

test("only a web process on PostgreSQL that runs no worker optimises for size", () => {
  expect(optimizesForSize(postgres, { runsWorker: false })).toBe(true);
  // The worker renders the e-mails (npm run worker, or RUN_WORKER in the web process).
  expect(optimizesForSize(postgres, { runsWorker: true })).toBe(false);
  // The embedded database: the flag cost a third of the enquiries a second.
  expect(optimizesForSize(embedded, { runsWorker: false })).toBe(false);
  expect(optimizesForSize(embedded, { runsWorker: true })).toBe(false);
});
