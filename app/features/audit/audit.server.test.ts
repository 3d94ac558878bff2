import { describe, expect, test } from "vitest";
import type { Store } from "~/platform/db/db.server";
import { bothEngines } from "../../../test/support/engines";
import { openTestStore, TEST_KEYS } from "../../../test/support/pglite";
import { createAuditLog } from "./audit.server";

/** The audit log's list, on the embedded database and on PostgreSQL. */
const { engines, open } = bothEngines<Store>();

describe.each(engines)("the audit log on $name", (engine) => {
  test("an actor filter with a control character matches nothing, and the database is not asked", async () => {
    const store = await openTestStore(await engine.database());
    open.push(store);
    const audit = createAuditLog(store, TEST_KEYS.FINGERPRINT_KEY);
    const meta = { fingerprint: "fp-0123456789abcd" };
    const member = { id: "staff-1", email: "ada@maternis.test", name: "Ada", role: "staff" as const };
    await audit.record({ action: "sign-out", actor: { member }, meta });
    for (const actor of ["ada\u0000", "ada\u001b", "\u202eada"])
      expect(await audit.list({ actor })).toEqual({ rows: [], page: 1, pages: 1, total: 0 });
    // The positive control: the same filter without it finds the row.
    expect((await audit.list({ actor: "ada" })).total).toBe(1);
  });
});
