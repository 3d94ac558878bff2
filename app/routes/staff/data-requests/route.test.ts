import { describe, expect, it } from "vitest";
import type { SubjectActor, SubjectRecord } from "~/features/data-requests/data-requests";
import { consoleContext, fakeConsole, staffRequest } from "../../../../test/support/staff-context";
import { loader as auditLoader } from "../audit/route";
import { action as eraseAction, loader as eraseLoader } from "./erase";
import { action as exportAction } from "./export";
import { action as searchAction, loader as searchLoader } from "./route";

type Args = { request: Request; context: ReturnType<typeof consoleContext>; params: object };
const args = (url: string, context: ReturnType<typeof consoleContext>, init?: RequestInit): Args => ({
  request: new Request(`http://localhost${url}`, init),
  context,
  params: {},
});

/** Runs a loader or action and returns what it threw (a Response) or returned. */
async function outcome(run: () => Promise<unknown>) {
  try {
    return { returned: await run() };
  } catch (thrown) {
    return { thrown };
  }
}

const emptyRecord = (email: string): SubjectRecord => ({
  email,
  enquiries: [],
  texts: [],
  counts: { enquiries: 0, suspectedSpam: 0, deliveries: 0, notes: 0, texts: 0 },
});

/** An admin's context whose console finds what `find` holds and notes each address it erases in `erased`. */
function erasingAdmin(find: (email: string) => Promise<SubjectRecord>) {
  const erased: string[] = [];
  const { service } = fakeConsole({
    find,
    erase: async (email) => {
      erased.push(email);
      return {
        email,
        counts: { ...emptyRecord(email).counts, jobs: 0, outboxFiles: 0 },
        storage: { state: "rewritten" as const, ms: 1 },
        receivers: [],
      };
    },
  });
  return { context: consoleContext(service, staffRequest("admin")), erased };
}

const post = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

describe("admin only: a staff member gets 403, and the attempt is audited", () => {
  const cases: [string, (context: ReturnType<typeof consoleContext>) => Promise<unknown>, string][] = [
    ["search page", (c) => searchLoader(args("/staff/data-requests", c) as never), "GET /staff/data-requests"],
    [
      "search",
      (c) => searchAction(args("/staff/data-requests", c, post({ email: "a@b.org" })) as never),
      "POST /staff/data-requests",
    ],
    [
      "download",
      (c) => exportAction(args("/staff/data-requests/export", c, post({ email: "a@b.org" })) as never),
      "POST /staff/data-requests/export",
    ],
    [
      "erase page",
      (c) => eraseLoader(args("/staff/data-requests/erase", c) as never),
      "GET /staff/data-requests/erase",
    ],
    [
      "erase post",
      (c) =>
        eraseAction(
          args(
            "/staff/data-requests/erase",
            c,
            post({ email: "a@b.org", confirm: "a@b.org", intent: "erase" }),
          ) as never,
        ),
      "POST /staff/data-requests/erase",
    ],
    ["audit log", (c) => auditLoader(args("/staff/audit", c) as never), "GET /staff/audit"],
  ];
  for (const [name, run, target] of cases) {
    it(name, async () => {
      const { service, recorded } = fakeConsole();
      const staff = staffRequest("staff");
      const { thrown } = await outcome(() => run(consoleContext(service, staff)));
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(403);
      expect(recorded).toEqual([{ action: "refused", actor: { member: staff.member }, target, meta: staff.meta }]);
    });
  }
});

describe("search", () => {
  it("finds an address, case and spaces aside", async () => {
    const asked: string[] = [];
    const { service } = fakeConsole({ find: async (email) => (asked.push(email), emptyRecord(email)) });
    const result = (await searchAction(
      args(
        "/staff/data-requests",
        consoleContext(service, staffRequest("admin")),
        post({ email: " Ama@Example.ORG " }),
      ) as never,
    )) as { record: SubjectRecord; error: null; query: string };
    expect(asked).toEqual(["ama@example.org"]);
    expect(result.record.email).toBe("ama@example.org");
    expect(result.query).toBe(" Ama@Example.ORG ");
  });

  it("says what is wrong with something that is not an address, and keeps it", async () => {
    const { service } = fakeConsole();
    const context = consoleContext(service, staffRequest("admin"));
    const result = (await searchAction(args("/staff/data-requests", context, post({ email: "ama" })) as never)) as {
      record: null;
      error: string;
      query: string;
    };
    expect(result).toMatchObject({ record: null, query: "ama" });
    expect(result.error).toMatch(/correct format/);
    const empty = (await searchAction(args("/staff/data-requests", context, post({ email: " " })) as never)) as {
      error: string;
    };
    expect(empty.error).toBe("Enter the e-mail address or phone number to find");
  });
});

describe("download", () => {
  it("is an attachment of JSON, made for the admin asking", async () => {
    const calls: [string, SubjectActor][] = [];
    const { service } = fakeConsole({
      access: async (email, by) => {
        calls.push([email, by]);
        return {
          filename: "maternis-access-request-2026-11-23.json",
          json: '{"email":"ama@example.org"}\n',
          counts: emptyRecord(email).counts,
        };
      },
    });
    const admin = staffRequest("admin");
    const response = (await exportAction(
      args("/staff/data-requests/export", consoleContext(service, admin), post({ email: "Ama@example.org" })) as never,
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="maternis-access-request-2026-11-23.json"',
    );
    expect(await response.text()).toBe('{"email":"ama@example.org"}\n');
    expect(calls).toEqual([["ama@example.org", { member: admin.member, meta: admin.meta }]]);
  });

  it("refuses a missing address with 400", async () => {
    const { service } = fakeConsole();
    const response = (await exportAction(
      args("/staff/data-requests/export", consoleContext(service, staffRequest("admin")), post({})) as never,
    )) as Response;
    expect(response.status).toBe(400);
  });
});

describe("erasure", () => {
  it("needs a sign-in within 5 minutes: otherwise back to sign-in, returning to this page", async () => {
    const { service } = fakeConsole();
    const stale = staffRequest("admin", { signedInAgoMs: 6 * 60_000 });
    for (const run of [
      () => eraseLoader(args("/staff/data-requests/erase", consoleContext(service, stale)) as never),
      () =>
        eraseAction(
          args(
            "/staff/data-requests/erase",
            consoleContext(service, stale),
            post({ email: "a@b.org", confirm: "a@b.org", intent: "erase" }),
          ) as never,
        ),
    ]) {
      const { thrown } = await outcome(run);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("location")).toBe(
        `/staff/sign-in?reauth=1&returnTo=${encodeURIComponent("/staff/data-requests/erase")}`,
      );
    }
  });

  it("the search's post shows what will go; nothing is erased until the address is typed again", async () => {
    const { context, erased } = erasingAdmin(async (email) => ({
      ...emptyRecord(email),
      counts: { ...emptyRecord(email).counts, enquiries: 2 },
    }));
    const review = (await eraseAction(
      args("/staff/data-requests/erase", context, post({ email: "Ama@example.org" })) as never,
    )) as { data: { email: string; counts: { enquiries: number } } };
    expect(review.data).toMatchObject({ email: "ama@example.org", counts: { enquiries: 2 } });
    expect(erased).toEqual([]);
  });

  it("asks for the address again; a mismatch erases nothing and keeps what was typed", async () => {
    const { context, erased } = erasingAdmin(async (email) => emptyRecord(email));
    for (const [confirm, message] of [
      ["", /Type the e-mail address again/],
      ["ama@example.com", /does not match/],
    ] as const) {
      const result = (await eraseAction(
        args(
          "/staff/data-requests/erase",
          context,
          post({ email: "ama@example.org", confirm, intent: "erase" }),
        ) as never,
      )) as { init: ResponseInit | null; data: { error: string; confirm: string } };
      expect(result.init?.status).toBe(400);
      expect(result.data.error).toMatch(message);
      expect(result.data.confirm).toBe(confirm);
    }
    expect(erased).toEqual([]);

    const done = (await eraseAction(
      args(
        "/staff/data-requests/erase",
        context,
        post({ email: "ama@example.org", confirm: " AMA@example.org ", intent: "erase" }),
      ) as never,
    )) as { data: { erased: { email: string } } };
    expect(erased).toEqual(["ama@example.org"]);
    expect(done.data.erased.email).toBe("ama@example.org");
  });
});

describe("audit log page", () => {
  it("passes known filters and the page through, and ignores an unknown action", async () => {
    const queries: unknown[] = [];
    const { service } = fakeConsole(undefined, {
      list: async (query) => (queries.push(query), { rows: [], page: 2, pages: 3, total: 120 }),
    });
    const context = consoleContext(service, staffRequest("admin"));
    const result = await auditLoader(args("/staff/audit?action=erasure&actor=%20ama%20&page=2", context) as never);
    expect(result).toMatchObject({ page: 2, pages: 3, total: 120, filters: { action: "erasure", actor: "ama" } });
    await auditLoader(args("/staff/audit?action=drop-tables&page=-4", context) as never);
    expect(queries).toEqual([
      { action: "erasure", actor: "ama", page: 2 },
      { action: undefined, actor: undefined, page: 1 },
    ]);
  });
});
