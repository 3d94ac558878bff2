import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, test, vi } from "vitest";
import type { EnquiryDetail, InboxPage as InboxPageData } from "~/features/inbox/inbox";
import type { Services } from "~/site.server";
import type { StaffRequest } from "~/routes/staff/access/request.server";
import { consoleContext, fakeConsole } from "../../../test/support/staff-context";
import EnquiryPage, { action as enquiryAction, loader as enquiryLoader } from "./enquiry/route";
import { action as exportAction, loader as exportLoader } from "./export-csv";
import InboxPage, { action as inboxAction, loader as inboxLoader } from "./inbox/route";

/** The inbox's loaders and actions with a signed-in member of staff (as the layout's middleware leaves it). */
const staff: StaffRequest = {
  member: { id: "staff-1", email: "ada@maternis.test", name: "Ada", role: "staff" },
  sessionId: "session-1",
  signedInAt: new Date(),
  meta: { fingerprint: "fp-1" },
};

const ID = "0b7a3c1e-8d0f-4a53-9d7e-0d3f4a7b2c11";
const DEAD = "9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5";

const detail: EnquiryDetail = {
  id: ID,
  kind: "contact",
  receivedAt: new Date("2026-11-23T09:00:00Z"),
  name: "Grace Hopper",
  email: "grace@example.org",
  fields: [
    { key: "name", label: "Full Name", value: "Grace Hopper" },
    { key: "message", label: "Message", value: "Hello" },
  ],
  deliveries: [
    {
      id: DEAD,
      kind: "notification",
      recipient: "enquiries@maternis.test",
      state: "dead",
      stuck: false,
      attempts: 5,
      lastError: "421 try later",
      messageId: `<${ID}.notification@www.maternis.health>`,
      sentAt: null,
      createdAt: new Date("2026-11-23T09:00:00Z"),
    },
    {
      id: "5d6e7f80-1a2b-4c3d-9e4f-5a6b7c8d9e0f",
      kind: "acknowledgement",
      recipient: "grace@example.org",
      state: "sent",
      stuck: false,
      attempts: 1,
      lastError: null,
      messageId: "<provider@mail>",
      sentAt: new Date("2026-11-23T09:00:05Z"),
      createdAt: new Date("2026-11-23T09:00:00Z"),
    },
  ],
  notes: [{ id: "n1", author: "Ada (ada@maternis.test)", body: "Called back", at: new Date("2026-11-23T10:00:00Z") }],
  handled: null,
  assignee: null,
  spamReason: null,
};

const page: InboxPageData = {
  page: 2,
  pages: 3,
  total: 120,
  rows: [
    {
      id: ID,
      receivedAt: new Date("2026-11-23T09:00:00Z"),
      name: "Grace Hopper",
      organisation: null,
      kind: "contact",
      topic: "Partnership Opportunities",
      handled: false,
      assignee: "Ada",
      deliveries: [
        { kind: "notification", state: "dead", stuck: false },
        { kind: "acknowledgement", state: "queued", stuck: true },
      ],
    },
  ],
};

type Inbox = Services["inbox"];

function fakeInbox() {
  return {
    list: vi.fn<Inbox["list"]>(async () => page),
    get: vi.fn<Inbox["get"]>(async (id) => (id === ID ? detail : null)),
    addNote: vi.fn<Inbox["addNote"]>(async () => ({ ok: true })),
    markHandled: vi.fn<Inbox["markHandled"]>(async () => ({ ok: true })),
    reopen: vi.fn<Inbox["reopen"]>(async () => ({ ok: true })),
    retryDelivery: vi.fn<Inbox["retryDelivery"]>(async (id) =>
      id === DEAD ? { ok: true, enquiryId: ID } : { ok: false, reason: "not-dead" },
    ),
    bulk: vi.fn<Inbox["bulk"]>(async (ids) => ({ changed: ids.length - 1, unchanged: 1, missing: 0 })),
    assignees: vi.fn<Inbox["assignees"]>(async () => [
      { id: "staff-1", label: "Ada (ada@maternis.test)" },
      { id: "staff-2", label: "Grace (grace@maternis.test)" },
    ]),
    // One batch (an export is read a batch at a time).
    export: vi.fn<Inbox["export"]>(async () => [
      [
        {
          id: ID,
          receivedAt: new Date("2026-11-23T09:00:00Z"),
          kind: "contact",
          handledAt: null,
          payload: { name: '=HYPERLINK("http://evil","x")', email: "grace@example.org" },
          deliveries: { notification: "dead" },
        },
      ],
    ]),
  };
}

function contextWith(inbox: Inbox) {
  return consoleContext(fakeConsole(undefined, undefined, { inbox }).service, staff);
}

const post = (fields: Record<string, string>) =>
  new Request(`http://localhost/staff/enquiries/${ID}`, { method: "POST", body: new URLSearchParams(fields) });

type DataResult = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

describe("inbox loader", () => {
  test("reads the filters and page from the query string", async () => {
    const inbox = fakeInbox();
    const result = await inboxLoader({
      request: new Request("http://localhost/staff?kind=demo&state=new&problem=1&q=%20grace%20&page=2&x=1"),
      context: contextWith(inbox),
      params: {},
    } as never);
    expect(inbox.list).toHaveBeenCalledWith({ kind: "demo", state: "new", problem: true, q: "grace" }, 2, staff);
    expect(result).toMatchObject({ list: page, me: "staff-1", done: null, selectAll: false });
    expect(result.assignees.map((member) => member.id)).toEqual(["staff-1", "staff-2"]);
  });

  test("'Mine', nobody or a member; ?select=all ticks the page; a bulk change's message", async () => {
    const inbox = fakeInbox();
    const load = (query: string) =>
      inboxLoader({
        request: new Request(`http://localhost/staff${query}`),
        context: contextWith(inbox),
        params: {},
      } as never);
    await load("?assigned=mine");
    expect(inbox.list).toHaveBeenLastCalledWith({ assigned: "mine" }, 1, staff);
    await load("?assigned=nobody");
    expect(inbox.list).toHaveBeenLastCalledWith({ assigned: "nobody" }, 1, staff);
    await load("?assigned=staff-2");
    expect(inbox.list).toHaveBeenLastCalledWith({ assigned: "staff-2" }, 1, staff);
    await load("?assigned=%27%3B%20drop");
    expect(inbox.list).toHaveBeenLastCalledWith({}, 1, staff);
    expect(await load("?select=all")).toMatchObject({ selectAll: true });
    expect(await load("?done=handled&changed=3&asked=4")).toMatchObject({
      done: "3 enquiries marked handled. 1 was already so, or no longer in the inbox.",
    });
    expect(await load("?done=spam&changed=1&asked=1")).toMatchObject({ done: "1 enquiry moved to spam." });
    expect(await load("?done=delete&changed=1&asked=1")).toMatchObject({ done: null });
  });

  test("ignores values it does not know", async () => {
    const inbox = fakeInbox();
    await inboxLoader({
      request: new Request("http://localhost/staff?kind=spam&state=maybe&page=-3"),
      context: contextWith(inbox),
      params: {},
    } as never);
    expect(inbox.list).toHaveBeenCalledWith({}, 1, staff);
  });
});

describe("inbox bulk action", () => {
  const A = "1b7a3c1e-8d0f-4a53-9d7e-0d3f4a7b2c11";
  const B = "2b7a3c1e-8d0f-4a53-9d7e-0d3f4a7b2c11";
  const run = (inbox: ReturnType<typeof fakeInbox>, fields: [string, string][], query = "?index") =>
    inboxAction({
      request: new Request(`http://localhost/staff${query}`, { method: "POST", body: new URLSearchParams(fields) }),
      context: contextWith(inbox),
      params: {},
    } as never);

  test("each change goes to inbox.bulk with the ticked ids, then back to the same view with its message", async () => {
    const inbox = fakeInbox();
    const done = (await run(
      inbox,
      [
        ["id", A],
        ["id", B],
        ["intent", "handled"],
      ],
      "?index&kind=demo&assigned=mine&page=2",
    )) as Response;
    expect(inbox.bulk).toHaveBeenLastCalledWith([A, B], { action: "handled" }, staff);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/staff?kind=demo&assigned=mine&page=2&done=handled&changed=1&asked=2");

    for (const intent of ["reopen", "spam"] as const) {
      await run(inbox, [
        ["id", A],
        ["intent", intent],
      ]);
      expect(inbox.bulk).toHaveBeenLastCalledWith([A], { action: intent }, staff);
    }
    await run(inbox, [
      ["id", A],
      ["intent", "assign"],
      ["assignee", "staff-2"],
    ]);
    expect(inbox.bulk).toHaveBeenLastCalledWith([A], { action: "assign", memberId: "staff-2" }, staff);
    await run(inbox, [
      ["id", A],
      ["intent", "assign"],
      ["assignee", "nobody"],
    ]);
    expect(inbox.bulk).toHaveBeenLastCalledWith([A], { action: "assign", memberId: null }, staff);
  });

  test("nothing ticked, or nobody to assign to: an error, the ticks kept, nothing changed; an unknown intent is 400", async () => {
    const inbox = fakeInbox();
    const none = (await run(inbox, [["intent", "handled"]])) as unknown as DataResult;
    expect(none.init?.status).toBe(400);
    expect(none.data).toEqual({ ids: [], error: { field: "ids", message: "Select at least one enquiry" } });
    const nobody = (await run(inbox, [
      ["id", A],
      ["intent", "assign"],
      ["assignee", "someone-else"],
    ])) as unknown as DataResult;
    expect(nobody.data).toEqual({ ids: [A], error: { field: "assignee", message: "Choose who to assign them to" } });
    expect(inbox.bulk).not.toHaveBeenCalled();
    await expect(
      run(inbox, [
        ["id", A],
        ["intent", "erase"],
      ]),
    ).rejects.toMatchObject({ init: { status: 400 } });
    // The positive control: the same form with a known intent does reach inbox.bulk.
    await run(inbox, [
      ["id", A],
      ["intent", "handled"],
    ]);
    expect(inbox.bulk).toHaveBeenCalledOnce();
  });
});

describe("enquiry page loader and actions", () => {
  test("the view passes the member and fingerprint (it is audited); an unknown id is 404", async () => {
    const inbox = fakeInbox();
    const loaded = await enquiryLoader({
      request: new Request(`http://localhost/staff/enquiries/${ID}?done=note`),
      context: contextWith(inbox),
      params: { id: ID },
    } as never);
    expect(loaded).toMatchObject({ enquiry: detail, done: "note" });
    expect(inbox.get).toHaveBeenCalledWith(ID, staff);
    const missing = enquiryLoader({
      request: new Request("http://localhost/staff/enquiries/nope"),
      context: contextWith(inbox),
      params: { id: "nope" },
    } as never);
    await expect(missing).rejects.toMatchObject({ init: { status: 404 } });
  });

  test("an empty or long note is refused with an error and the text kept; a note is saved, then back to the page", async () => {
    const inbox = fakeInbox();
    const run = (fields: Record<string, string>) =>
      enquiryAction({ request: post(fields), context: contextWith(inbox), params: { id: ID } } as never);
    const refused = (await run({ intent: "note", note: "   " })) as unknown as DataResult;
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toEqual({ error: "Enter a note", field: "enquiry-note", note: "   " });
    const tooLong = "x".repeat(5001);
    const refusedLong = (await run({ intent: "note", note: tooLong })) as unknown as DataResult;
    expect(refusedLong.data).toMatchObject({ note: tooLong });
    expect(inbox.addNote).not.toHaveBeenCalled();

    const saved = (await run({ intent: "note", note: "Called back" })) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/staff/enquiries/${ID}?done=note`);
    expect(inbox.addNote).toHaveBeenCalledWith(ID, "Called back", staff);
  });

  test("mark handled, reopen and retry", async () => {
    const inbox = fakeInbox();
    const run = (fields: Record<string, string>) =>
      enquiryAction({ request: post(fields), context: contextWith(inbox), params: { id: ID } } as never);
    expect(((await run({ intent: "handled" })) as Response).headers.get("Location")).toMatch(/done=handled$/);
    expect(inbox.markHandled).toHaveBeenCalledWith(ID, staff);
    expect(((await run({ intent: "reopen" })) as Response).headers.get("Location")).toMatch(/done=reopened$/);
    expect(inbox.reopen).toHaveBeenCalledWith(ID, staff);
    expect(((await run({ intent: "retry", delivery: DEAD })) as Response).headers.get("Location")).toMatch(
      /done=retry$/,
    );
    expect(inbox.retryDelivery).toHaveBeenCalledWith(DEAD, staff);
    const refused = (await run({ intent: "retry", delivery: "other" })) as unknown as DataResult;
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toEqual({ error: "That e-mail is no longer dead-lettered, so it was not retried." });
    await expect(run({ intent: "delete-everything" })).rejects.toMatchObject({ init: { status: 400 } });
  });
});

describe("CSV export", () => {
  test("a dated attachment, UTF-8 with BOM, formulas neutralised, the filters passed on", async () => {
    const inbox = fakeInbox();
    const response = await exportAction({
      request: new Request("http://localhost/staff/export.csv", {
        method: "POST",
        body: new URLSearchParams({ problem: "1", kind: "contact" }),
      }),
      context: contextWith(inbox),
      params: {},
    } as never);
    expect(inbox.export).toHaveBeenCalledWith({ kind: "contact", problem: true }, staff);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await response.text();
    // Response.text() decodes UTF-8 and drops the byte-order mark, which the bytes above show.
    expect(text.startsWith("id,received_at,")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  test("a GET is 405: the download is a POST from the inbox", () => {
    const response = exportLoader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("inbox page", () => {
  test("a table with caption and headers, state in words, and pagination", async () => {
    const Stub = createRoutesStub([
      {
        path: "/staff",
        Component: InboxPage as never,
        loader: () => ({
          filters: { kind: "contact" },
          list: page,
          now: Date.parse("2026-11-23T12:00:00Z"),
          assignees: [{ id: "staff-1", label: "Ada (ada@maternis.test)" }],
          me: "staff-1",
          done: null,
          selectAll: false,
        }),
      },
    ]);
    render(<Stub initialEntries={["/staff?kind=contact&page=2"]} />);
    const table = await screen.findByRole("table", { name: /Enquiries, newest first. Page 2 of 3./ });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      "Select all on this page",
      "Received",
      "Name",
      "Organisation",
      "Form",
      "Interest or role",
      "State",
      "Assigned to",
      "E-mails",
    ]);
    const row = within(table).getByRole("row", { name: /Grace Hopper/ });
    expect(row.textContent).toContain("23 Nov 2026, 09:00");
    expect(row.textContent).toContain("3 hours ago");
    expect(row.textContent).toContain("New");
    expect(row.textContent).toContain("Notification:Dead-lettered");
    expect(row.textContent).toContain("Queued over 15 min");
    expect(within(row).getByRole("checkbox", { name: "Select the enquiry from Grace Hopper" })).not.toBeChecked();
    expect(row.textContent).toContain("Ada");
    expect(within(row).getByRole("link", { name: "Grace Hopper" }).getAttribute("href")).toBe(`/staff/enquiries/${ID}`);
    const pages = screen.getByRole("navigation", { name: "Pages of enquiries" });
    expect(within(pages).getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe("/staff?kind=contact");
    expect(within(pages).getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      "/staff?kind=contact&page=3",
    );
    expect(pages.textContent).toContain("Page 2 of 3");
    // The CSV is a POST of the same filters (no link that carries them in a URL).
    const download = screen.getByRole("button", { name: "Download these as CSV" }).closest("form")!;
    expect(download.getAttribute("method")).toBe("post");
    expect(download.getAttribute("action")).toBe("/staff/export.csv");
    expect(Object.fromEntries(new FormData(download))).toEqual({ kind: "contact" });
    expect((screen.getByRole("combobox", { name: "Form" }) as HTMLSelectElement).value).toBe("contact");
  });

  test("the enquiry page: fields, e-mails with a retry only for the dead one, notes, reply link", async () => {
    const Stub = createRoutesStub([
      {
        path: "/staff/enquiries/:id",
        Component: EnquiryPage as never,
        loader: () => ({ enquiry: detail, webhooks: [], now: Date.parse("2026-11-23T12:00:00Z"), done: null }),
      },
    ]);
    render(<Stub initialEntries={[`/staff/enquiries/${ID}`]} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Grace Hopper" })).toBeTruthy();
    const emails = screen.getByRole("table", { name: /The e-mails this enquiry caused/ });
    expect(
      within(emails)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Retry the notification e-mail"]);
    expect(emails.textContent).toContain(`<${ID}.notification@www.maternis.health>`);
    expect(emails.textContent).toContain("421 try later");
    const reply = screen.getByRole("link", { name: "Reply by e-mail to Grace Hopper" });
    expect(reply.getAttribute("href")).toMatch(/^mailto:grace@example\.org\?subject=/);
    expect(screen.getByRole("button", { name: "Mark as handled" })).toBeTruthy();
    expect(screen.getByText("Called back")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Add a note" })).toBeTruthy();
  });
});
