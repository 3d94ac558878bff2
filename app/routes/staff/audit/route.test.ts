import { render, screen, within } from "@testing-library/react";
import { createElement } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, test, vi } from "vitest";
import type { AuditRecord } from "~/features/audit/audit";
import type { Services } from "~/site.server";
import { consoleContext, fakeConsole, staffRequest } from "../../../../test/support/staff-context";
import AuditPage, { loader } from "./route";

const ENQUIRY = "0b7a3c1e-8d0f-4a53-9d7e-0d3f4a7b2c11";
const ERASED = "9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5";
const SESSION = "Xb1uQ0sJm3kT9vYpZr2LwE7aHc4DgN6f";
/** The audit log's keyed hash of an address, as the fake audit log makes it. */
const hashOf = (email: string) => `sha256:${Buffer.from(email).toString("hex").padEnd(32, "0").slice(0, 32)}`;

const rows: AuditRecord[] = [
  {
    id: 3,
    at: new Date(),
    actor: "admin@maternis.test",
    actorId: "admin-1",
    action: "enquiry-viewed",
    target: ENQUIRY,
    clientFingerprint: "fp",
    detail: null,
  },
  {
    id: 2,
    at: new Date(),
    actor: "admin@maternis.test",
    actorId: "admin-1",
    action: "assigned",
    target: ERASED,
    clientFingerprint: "fp",
    detail: { to: "staff-2" },
  },
  {
    id: 1,
    at: new Date(),
    actor: "admin@maternis.test",
    actorId: "admin-1",
    action: "sign-in",
    target: SESSION,
    clientFingerprint: "fp",
    detail: { method: "code", enrolOnly: true },
  },
  {
    id: 0,
    at: new Date(),
    actor: hashOf("grace@maternis.test"),
    actorId: null,
    action: "code-requested",
    target: null,
    clientFingerprint: "fp",
    detail: null,
  },
];

/** The audit page's loader: each row in words, with the names the console still knows, and nothing raw. */
describe("audit log loader", () => {
  test("names the members and enquiries it mentions, and shows no id whole", async () => {
    const senderNames = vi.fn<Services["inbox"]["senderNames"]>(async () => ({ [ENQUIRY]: "Zed Parker" }));
    const { service } = fakeConsole(
      undefined,
      { list: async () => ({ rows, page: 1, pages: 1, total: 4 }), subjectHash: hashOf },
      {
        inbox: {
          senderNames,
          assignees: async () => [
            { id: "admin-1", label: "Ada Admin (admin@maternis.test)", email: "admin@maternis.test" },
            { id: "staff-2", label: "Grace Hopper (grace@maternis.test)", email: "grace@maternis.test" },
          ],
        } as Partial<Services["inbox"]> as Services["inbox"],
      },
    );
    const result = await loader({
      request: new Request("http://localhost/staff/audit"),
      context: consoleContext(service, staffRequest("admin")),
      params: {},
    } as never);
    expect(senderNames).toHaveBeenCalledWith([ENQUIRY, ERASED]);
    expect(result.rows.map(({ who, what, about, details }) => ({ who, what, about, details }))).toEqual([
      {
        who: "Ada Admin (admin@maternis.test)",
        what: "Enquiry viewed",
        about: { text: "The enquiry from Zed Parker", href: `/staff/enquiries/${ENQUIRY}` },
        details: "",
      },
      {
        who: "Ada Admin (admin@maternis.test)",
        what: "Assigned",
        about: { text: "An enquiry no longer kept (ref 9c1d2e3f)" },
        details: "To Grace Hopper (grace@maternis.test)",
      },
      {
        who: "Ada Admin (admin@maternis.test)",
        what: "Signed in",
        about: { text: "Session ref xb1uq0sj" },
        details: "With an e-mail code, set-up only",
      },
      {
        who: "Someone using the address of Grace Hopper (grace@maternis.test)",
        what: "Sign-in code requested",
        about: null,
        details: "",
      },
    ]);
    // Only the link to a kept enquiry carries its id (in its address, not its words).
    const page = JSON.stringify(result.rows.map(({ about, ...rest }) => ({ ...rest, about: about?.text })));
    for (const raw of [ENQUIRY, ERASED, SESSION, hashOf("grace@maternis.test"), "enrolOnly"])
      expect(page).not.toContain(raw);
  });
});

/** The "Who" filter: a control character is refused before any query (the database would refuse a NUL). */
describe("audit log filters", () => {
  test("a 'Who' with a control character is refused in the page's error summary, and nothing is looked up", async () => {
    const list = vi.fn<Services["audit"]["list"]>(async () => ({ rows, page: 1, pages: 1, total: 4 }));
    const { service } = fakeConsole(
      undefined,
      { list, subjectHash: hashOf },
      {
        inbox: {
          senderNames: async () => ({}),
          assignees: async () => [],
        } as Partial<Services["inbox"]> as Services["inbox"],
      },
    );
    const load = (query: string) =>
      loader({
        request: new Request(`http://localhost/staff/audit${query}`),
        context: consoleContext(service, staffRequest("admin")),
        params: {},
      } as never);
    for (const actor of ["ada%00", "ada%1B%5B2J", "%E2%80%AEada"]) {
      expect(await load(`?actor=${actor}&action=sign-in`)).toMatchObject({
        rows: [],
        total: 0,
        filters: { action: "sign-in", actor: decodeURIComponent(actor) },
        errors: [{ field: "audit-actor", message: "‘Who’ contains characters that are not allowed" }],
      });
    }
    expect(list).not.toHaveBeenCalled();
    // The positive control: the same filter without it is looked up.
    expect(await load("?actor=ada&action=sign-in")).toMatchObject({ total: 4, errors: [] });
    expect(list).toHaveBeenCalledWith({ action: "sign-in", actor: "ada", page: 1 });
  });

  test("the refusal is shown above the filters and beside the field, with what was typed kept", async () => {
    const loaded = {
      rows: [],
      page: 1,
      pages: 1,
      total: 0,
      filters: { action: "", actor: "ada\u0000" },
      errors: [{ field: "audit-actor", message: "‘Who’ contains characters that are not allowed" }],
      now: new Date(),
    };
    const Stub = createRoutesStub([{ path: "/staff/audit", Component: AuditPage as never, loader: () => loaded }]);
    render(createElement(Stub, { initialEntries: ["/staff/audit?actor=ada%00"] }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("link").getAttribute("href")).toBe("#audit-actor");
    expect(screen.getByRole("searchbox", { name: /Who/ }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText("‘Who’ contains characters that are not allowed")).toHaveLength(2);
    expect(screen.getByText("Correct the filters above to see the log.")).toBeTruthy();
  });
});
