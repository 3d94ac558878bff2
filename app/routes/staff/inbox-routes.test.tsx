import { fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { contextWith, fakeInbox, ID, page, staff, type DataResult } from "../../../test/support/inbox-fakes";
import InboxPage, { action as inboxAction, loader as inboxLoader } from "./inbox/route";

/** The inbox's loader and bulk action with a signed-in member of staff, and its page. */
/** The inbox's loader for a URL, with `inbox` as the console's service. */
const loadInbox = (inbox: ReturnType<typeof fakeInbox>, url: string) =>
  inboxLoader({ request: new Request(url), context: contextWith(inbox), params: {} } as never);

describe("inbox loader", () => {
  test("reads the filters and page from the query string", async () => {
    const inbox = fakeInbox();
    const result = await loadInbox(
      inbox,
      "http://localhost/staff?kind=demo&state=new&problem=1&q=%20grace%20&page=2&x=1",
    );
    expect(inbox.list).toHaveBeenCalledWith({ kind: "demo", state: "new", problem: true, q: "grace" }, 2, staff);
    expect(result).toMatchObject({ list: page, me: "staff-1", done: null, selectAll: false });
    expect(result.assignees.map((member) => member.id)).toEqual(["staff-1", "staff-2"]);
  });

  test("'Mine', nobody or a member; ?select=all ticks the page; a bulk change's message", async () => {
    const inbox = fakeInbox();
    const load = (query: string) => loadInbox(inbox, `http://localhost/staff${query}`);
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

  test("a reversed or impossible range lists nothing and says what to fix, with what was typed", async () => {
    const inbox = fakeInbox();
    const load = (query: string) => loadInbox(inbox, `http://localhost/staff${query}`);
    const reversed = await load("?from=2026-11-27&to=2026-11-01&kind=demo");
    expect(reversed).toMatchObject({
      list: null,
      filters: { kind: "demo", from: "2026-11-27", to: "2026-11-01" },
      typed: { from: "2026-11-27", to: "2026-11-01" },
      errors: [{ field: "inbox-to", message: "‘Received to’ must be the same day as ‘Received from’ or after it" }],
    });
    expect((await load("?from=2026-02-30")).errors).toEqual([
      { field: "inbox-from", message: "Enter a real date for ‘Received from’, like 2026-11-01" },
    ]);
    expect(inbox.list).not.toHaveBeenCalled();
    // The positive control: the same range the right way round lists.
    expect(await load("?from=2026-11-01&to=2026-11-27&kind=demo")).toMatchObject({ errors: [], list: page });
    expect(inbox.list).toHaveBeenCalledOnce();
  });

  test("a date out of range or a search with a control character lists nothing (no query) and says what to fix", async () => {
    const inbox = fakeInbox();
    const load = (query: string) => loadInbox(inbox, `http://localhost/staff${query}`);
    expect((await load("?from=1800-01-01&to=9999-12-31")).errors).toEqual([
      { field: "inbox-from", message: "‘Received from’ must be between 2000-01-01 and 2999-12-31" },
      { field: "inbox-to", message: "‘Received to’ must be between 2000-01-01 and 2999-12-31" },
    ]);
    expect(await load("?q=grace%00&kind=demo")).toMatchObject({
      list: null,
      filters: { kind: "demo" },
      typed: { q: "grace\u0000" },
      errors: [{ field: "inbox-q", message: "The search contains characters that are not allowed" }],
    });
    expect(inbox.list).not.toHaveBeenCalled();
    // The positive control: the same search without it lists.
    expect(await load("?q=grace&kind=demo")).toMatchObject({ errors: [], list: page });
    expect(inbox.list).toHaveBeenCalledOnce();
  });

  test("the rows ticked before a change are ticked again", async () => {
    const inbox = fakeInbox();
    const result = await loadInbox(inbox, `http://localhost/staff?done=handled&changed=1&asked=1&selected=${ID},nope`);
    expect(result.selected).toEqual([ID]);
  });

  test("ignores values it does not know", async () => {
    const inbox = fakeInbox();
    await loadInbox(inbox, "http://localhost/staff?kind=spam&state=maybe&page=-3");
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
    // Back to the same view, the same rows still ticked.
    expect(done.headers.get("Location")).toBe(
      `/staff?kind=demo&assigned=mine&page=2&done=handled&changed=1&asked=2&selected=${A}%2C${B}`,
    );

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

describe("inbox page", () => {
  /** The page's loader data: the first page of `page`, unfiltered, nothing ticked; `overrides` on top. */
  const inboxData = (overrides: Record<string, unknown> = {}) => ({
    filters: {},
    errors: [],
    typed: { from: "", to: "", q: "" },
    list: page,
    now: Date.parse("2026-11-23T12:00:00Z"),
    assignees: [],
    me: "staff-1",
    done: null,
    selectAll: false,
    selected: [],
    ...overrides,
  });

  test("a table with caption and headers, state in words, and pagination", async () => {
    const Stub = createRoutesStub([
      {
        path: "/staff",
        Component: InboxPage as never,
        loader: () =>
          inboxData({
            filters: { kind: "contact" },
            assignees: [{ id: "staff-1", label: "Ada (ada@maternis.test)", email: "ada@maternis.test" }],
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
      "Select",
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
    // The filters behind the search fold into a disclosure that counts those in use.
    expect(screen.getByText("Filters").closest("summary")!.textContent).toBe("Filters(1 in use)");
    // The selection bar: select all, the number ticked, the changes.
    const bar = screen.getByRole("group", { name: "With the enquiries ticked" });
    expect(await within(bar).findByText("No enquiries selected")).toHaveAttribute("role", "status");
    expect(within(bar).getByRole("checkbox", { name: "Select all on this page" })).toBeTruthy();
    expect(within(bar).getByRole("button", { name: "Mark handled" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Keyboard shortcuts/ })).toBeTruthy();
  });

  test("after a change the same rows are ticked; a refused range shows its error summary, its dates kept, no list", async () => {
    const base = inboxData({ done: "1 enquiry marked handled.", selected: [ID] });
    const Ticked = createRoutesStub([{ path: "/staff", Component: InboxPage as never, loader: () => base }]);
    const { unmount } = render(<Ticked initialEntries={["/staff"]} />);
    expect(await screen.findByRole("checkbox", { name: "Select the enquiry from Grace Hopper" })).toBeChecked();
    expect(
      await within(screen.getByRole("group", { name: "With the enquiries ticked" })).findByText("1 enquiry selected"),
    ).toBeTruthy();
    unmount();

    // A refused change after an earlier one: its error replaces the earlier change's message.
    const Assign = createRoutesStub([
      {
        path: "/staff",
        Component: InboxPage as never,
        loader: () => base,
        action: () => ({ ids: [ID], error: { field: "assignee", message: "Choose who to assign them to" } }),
      },
    ]);
    const assign = render(<Assign initialEntries={["/staff"]} />);
    expect(await screen.findByText("1 enquiry marked handled.")).toHaveAttribute("role", "status"); // control
    fireEvent.click(screen.getByRole("button", { name: "Assign" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose who to assign them to");
    expect(screen.queryByText("1 enquiry marked handled.")).toBeNull();
    assign.unmount();

    const refused = {
      ...base,
      filters: { from: "2026-11-27", to: "2026-11-01" },
      typed: { from: "2026-11-27", to: "2026-11-01", q: "" },
      errors: [{ field: "inbox-to", message: "‘Received to’ must be the same day as ‘Received from’ or after it" }],
      list: null,
      done: null,
    };
    const Refused = createRoutesStub([{ path: "/staff", Component: InboxPage as never, loader: () => refused }]);
    render(<Refused initialEntries={["/staff?from=2026-11-27&to=2026-11-01"]} />);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("link").getAttribute("href")).toBe("#inbox-to");
    expect(screen.getByText("Filters").closest("details")!.open).toBe(true);
    expect((screen.getByLabelText("Received from") as HTMLInputElement).value).toBe("2026-11-27");
    expect((screen.getByLabelText(/Received to/) as HTMLInputElement).value).toBe("2026-11-01");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: "Download these as CSV" })).toBeNull();
    expect(screen.getByText("Correct the dates above to see the enquiries.")).toBeTruthy();
  });

  test("a refused search: in the error summary, beside the box, kept as typed, and nothing listed", async () => {
    const refused = inboxData({
      typed: { from: "", to: "", q: "grace\u0007" },
      errors: [{ field: "inbox-q", message: "The search contains characters that are not allowed" }],
      list: null,
    });
    const Refused = createRoutesStub([{ path: "/staff", Component: InboxPage as never, loader: () => refused }]);
    render(<Refused initialEntries={["/staff?q=grace%07"]} />);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("link").getAttribute("href")).toBe("#inbox-q");
    const box = screen.getByRole("searchbox", { name: "Search name, e-mail or organisation" }) as HTMLInputElement;
    expect(box.value).toBe("grace\u0007");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText("The search contains characters that are not allowed")).toHaveLength(2);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("Correct the search above to see the enquiries.")).toBeTruthy();
  });

  test("empty: with filters, a way back to every enquiry and no download; without, what will appear here", async () => {
    const empty = (filters: Record<string, string>) =>
      inboxData({ filters, list: { page: 1, pages: 1, total: 0, rows: [] } });
    const Filtered = createRoutesStub([
      { path: "/staff", Component: InboxPage as never, loader: () => empty({ kind: "demo" }) },
    ]);
    const filtered = render(<Filtered initialEntries={["/staff?kind=demo"]} />);
    expect(await screen.findByText(/No enquiries match these filters\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Clear the filters" })).toHaveAttribute("href", "/staff");
    expect(screen.queryByRole("button", { name: "Download these as CSV" })).toBeNull();
    filtered.unmount();

    const None = createRoutesStub([{ path: "/staff", Component: InboxPage as never, loader: () => empty({}) }]);
    render(<None initialEntries={["/staff"]} />);
    expect(
      await screen.findByText(
        "No enquiries yet. What visitors send through the contact, demo and advisory forms appears here.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Clear the filters" })).toBeNull();
  });
});
