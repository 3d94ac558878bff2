import type { PgBoss } from "pg-boss";
import { expect, test, vi } from "vitest";
import type { Logger } from "~/platform/log.server";
import type { DeliveryWorkerOptions } from "~/platform/queue.server";
import type { DeliveryDeps } from "./deliveries.server";

/**
 * The e-mail templates load as the worker starts, before it takes its first
 * job, not in the middle of the first enquiry's e-mails
 * (docs/decisions/025-memory-recovery-and-load.md); loading the worker's
 * code alone does not load them (a web process whose worker runs elsewhere
 * never does).
 */
const templates = vi.hoisted(() => ({ loaded: false }));
vi.mock("./emails/registry", async (importOriginal) => {
  templates.loaded = true;
  return importOriginal();
});

test("the worker loads the e-mail templates before it asks for its first job", async () => {
  const { startEnquiryWorkers } = await import("./worker.server");
  // The control: the worker's code is loaded, the templates are not.
  expect(templates.loaded).toBe(false);

  const loadedAtWork: boolean[] = [];
  const boss = {
    work: vi.fn(async () => {
      loadedAtWork.push(templates.loaded);
      return "worker-id";
    }),
  } as unknown as PgBoss;
  const options = {
    WORKER_POLL_INTERVAL_SECONDS: 1,
    WORKER_BATCH_SIZE: 10,
    WORKER_CONCURRENCY: 2,
  } as DeliveryWorkerOptions;
  await startEnquiryWorkers(boss, {} as DeliveryDeps, options, {} as Logger);

  // The delivery queue and its dead letters, each asked for once the templates were in.
  expect(loadedAtWork).toEqual([true, true]);
});
