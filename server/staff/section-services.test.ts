import { expect, test } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { createMemoryLogger } from "~/lib/log.server";
import { consoleSections } from "~/routes/staff/sections";
import type { PgBoss } from "pg-boss";
import type { Store } from "../db/db.server";
import { newKeys } from "../db/keys.server";
import { createSectionServices, serviceModule, type SectionDeps } from "./section-services";

const deps: SectionDeps = {
  // Building a service only keeps its deps: nothing here is called.
  store: {} as Store,
  boss: {} as PgBoss,
  env: parseEnv({ NODE_ENV: "test" }),
  log: createMemoryLogger(),
  keys: newKeys(),
  secret: "section-services-test-secret",
};

test("a service's module is its name in kebab-case", () => {
  expect(serviceModule("inbox")).toBe("inbox");
  expect(serviceModule("dataRequests")).toBe("data-requests");
  expect(serviceModule("textMessageLog")).toBe("text-message-log");
});

test("every section that names a service gets the one its module builds, under that name", async () => {
  const named = consoleSections.flatMap((section) => ("service" in section ? [section.service] : []));
  // data-requests.server.ts builds one of them: the kebab-case rule is in use.
  expect(named).toContain("dataRequests");

  const services = await createSectionServices(deps);
  expect(Object.keys(services).sort()).toEqual([...named].sort());
  for (const name of named) {
    const module = (await import(`./${serviceModule(name)}.server.ts`)) as { default: (deps: SectionDeps) => object };
    const built = services[name as keyof typeof services];
    // The same methods as the module's own build gives, and at least one.
    expect(Object.keys(built).sort()).toEqual(Object.keys(module.default(deps)).sort());
    expect(Object.keys(built).length).toBeGreaterThan(0);
  }
  expect(Object.keys(services.dataRequests)).toEqual(expect.arrayContaining(["find", "access", "erase"]));
});
