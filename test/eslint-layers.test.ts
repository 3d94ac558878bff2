import { describe, expect, test } from "vitest";
import { FEATURE_ORDER, refusal } from "../eslint-layers.js";

/** The layer rule (eslint-layers.js): each refusal, with the import it allows beside it. */
describe("imports point down the layers", () => {
  test("the platform imports only the platform", () => {
    expect(refusal("app/platform/queue.server.ts", "app/platform/db/db.server")).toBeNull();
    expect(refusal("app/platform/queue.server.ts", "app/features/enquiries/kinds")).toMatch(/pointing up/);
    expect(refusal("app/platform/queue.server.ts", "app/components/ui/button")).toMatch(/pointing up/);
  });

  test("the kit and the copy import the platform and each other, no feature", () => {
    expect(refusal("app/content/contact.ts", "app/platform/company")).toBeNull();
    expect(refusal("app/components/ui/field.tsx", "app/components/ui/cn")).toBeNull();
    expect(refusal("app/content/contact.ts", "app/features/enquiries/fields")).toMatch(/pointing up/);
  });

  test("a feature reaches another, before it in the order, only through its face", () => {
    expect(refusal("app/features/inbox/inbox.server.ts", "app/features/enquiries")).toBeNull();
    expect(refusal("app/features/inbox/inbox.server.ts", "app/features/enquiries/index.server")).toBeNull();
    expect(refusal("app/features/inbox/inbox.server.ts", "app/features/enquiries/store.server")).toMatch(/its face/);
    expect(refusal("app/features/enquiries/store.server.ts", "app/features/inbox")).toMatch(/comes before/);
    expect(refusal("app/features/inbox/inbox.server.ts", "app/features/inbox/tables.server")).toBeNull();
    expect(refusal("app/features/nowhere/x.ts", "app/features/enquiries")).toMatch(/FEATURE_ORDER/);
  });

  test("a feature does not reach the site, and nothing under app/ reaches the processes", () => {
    expect(refusal("app/features/enquiries/form/enquiry-form.tsx", "app/components/ui/button")).toBeNull();
    expect(refusal("app/features/enquiries/form/enquiry-form.tsx", "app/context.server")).toMatch(/pointing up/);
    expect(refusal("app/routes/staff/layout.tsx", "app/features/sign-in")).toBeNull();
    expect(refusal("app/routes/staff/layout.tsx", "server/app")).toMatch(/server\//);
    expect(refusal("server/start.ts", "app/site.server")).toBeNull();
  });

  test("every feature folder has its place in the order", async () => {
    const { readdirSync } = await import("node:fs");
    const folders = readdirSync(new URL("../app/features", import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !FEATURE_ORDER.includes(name))).toEqual([]);
  });
});
