import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { appContext } from "~/context.server";
import { staffContext } from "~/routes/staff/access/request.server";
import type { Services } from "~/site.server";
import type { SpamDetail } from "~/features/spam/spam";
import type { StaffAct } from "~/features/audit/audit";
import { parseEnv } from "~/platform/env.server";
import { createFormGuard } from "~/features/enquiries/form-guard.server";
import { createMemoryLogger } from "~/platform/log.server";
import { memoryHeldActions } from "../../../../test/support/staff-context";
import * as item from "./item";
import * as list from "./route";

/**
 * The Spam pages' loaders and actions with the router context the server
 * gives them (the app context and the staff layout's `staffContext`), over an
 * in-memory Spam folder; and the pages rendered from what the loaders return.
 */
const ID = "0b6d1f3e-5a55-4f0e-9d0a-5d2c7a1e9b10";
const member = { id: "staff-1", email: "sam@maternis.test", name: "Sam", role: "staff" as const };

function post(over: Partial<SpamDetail> = {}): SpamDetail {
  return {
    id: ID,
    kind: "demo",
    receivedAt: new Date("2026-11-20T10:00:00Z"),
    reason: "honeypot",
    name: "Kwame Boateng",
    email: "kwame@example.org",
    excerpt: "A morning slot, please.",
    payload: {
      name: "Kwame Boateng",
      email: "kwame@example.org",
      organization: "Ghana Health Service",
      message: "A morning slot, please.",
    },
    addressAtLimit: false,
    ...over,
  };
}

let folder: SpamDetail[];
const calls: { op: "release" | "delete"; id: string; by: StaffAct }[] = [];

const spam: Services["spam"] = {
  async list({ page = 1 } = {}) {
    return { rows: folder, page, pages: 1, total: folder.length };
  },
  async get(id) {
    return folder.find((p) => p.id === id) ?? null;
  },
  async release(id, by) {
    calls.push({ op: "release", id, by });
    const found = folder.some((p) => p.id === id);
    folder = folder.filter((p) => p.id !== id);
    return found;
  },
  async delete(id, by) {
    calls.push({ op: "delete", id, by });
    const found = folder.some((p) => p.id === id);
    folder = folder.filter((p) => p.id !== id);
    return found;
  },
};

const refusals: string[] = [];

function context(role: "staff" | "admin" = "staff") {
  const provider = new RouterContextProvider();
  provider.set(appContext, {
    env: parseEnv({ NODE_ENV: "test" }),
    log: createMemoryLogger(),
    metrics: { enquiry() {} },
    formGuard: createFormGuard({ key: Buffer.alloc(32), minFillMs: 0 }),
    enquiries: null,
    console: {
      spam,
      audit: { record: async (entry: { action: string }) => void refusals.push(entry.action) },
      auth: { heldActions: memoryHeldActions() },
    } as unknown as Services,
    banner: null,
  });
  provider.set(staffContext, {
    member: { ...member, role },
    sessionId: "session-1",
    signedInAt: new Date(),
    meta: { fingerprint: "abcdabcdabcdabcd" },
  });
  return provider;
}

const loadList = (url = "http://localhost/staff/spam", role: "staff" | "admin" = "staff") =>
  list.loader({ request: new Request(url), context: context(role), params: {} } as never);
const loadItem = (query = "", id = ID, role: "staff" | "admin" = "staff") =>
  item.loader({
    request: new Request(`http://localhost/staff/spam/${id}${query}`),
    context: context(role),
    params: { id },
  } as never);
const act = (intent: string, id = ID, role: "staff" | "admin" = "staff") =>
  item.action({
    request: new Request(`http://localhost/staff/spam/${id}`, {
      method: "POST",
      body: new URLSearchParams({ intent }),
    }),
    context: context(role),
    params: { id },
  } as never);

// The pages as rendered from their loaders' data (the router's other props are not used).
const ListPage = list.default as unknown as (props: { loaderData: Awaited<ReturnType<typeof loadList>> }) => ReactNode;
const ItemPage = item.default as unknown as (props: { loaderData: Awaited<ReturnType<typeof loadItem>> }) => ReactNode;

beforeEach(() => {
  folder = [post()];
  calls.length = 0;
  refusals.length = 0;
});

describe("Spam list", () => {
  it("shows each post's time in Europe/London with the relative time, and its reason and form in words", async () => {
    // Three hours after the post (the relative time is read from the clock).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-20T13:00:00Z"));
    onTestFinished(() => void vi.useRealTimers());
    const data = await loadList();
    expect(data.rows).toEqual([
      expect.objectContaining({
        id: ID,
        form: "Demo request",
        reason: "Hidden field filled in",
        received: "Fri 20 Nov 2026, 10:00",
        receivedIso: "2026-11-20T10:00:00.000Z",
        name: "Kwame Boateng",
        excerpt: "A morning slot, please.",
      }),
    ]);
    expect(data.rows[0]!.relative).toBe("3 hours ago");
    expect(data.outcome).toBeNull();
    expect((await loadList("http://localhost/staff/spam?done=released")).outcome).toBe(
      "Released. Its e-mails are on their way.",
    );
    expect((await loadList("http://localhost/staff/spam?done=<script>")).outcome).toBeNull();
  });

  it("renders a table with a caption, column and row headers, and links to confirm each action", async () => {
    const data = await loadList();
    const Stub = createRoutesStub([{ path: "/staff/spam", Component: () => <ListPage loaderData={data} /> }]);
    render(<Stub initialEntries={["/staff/spam"]} />);
    const table = screen.getByRole("table", { name: /Suspected spam, newest first: 1 post/ });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Received", "Name", "Form", "Reason", "Message", "Actions"]);
    expect(within(table).getByRole("rowheader")).toHaveTextContent("Kwame Boateng");
    expect(screen.getByRole("link", { name: "Release the post from Kwame Boateng" })).toHaveAttribute(
      "href",
      `/staff/spam/${ID}?confirm=release`,
    );
    expect(screen.getByRole("link", { name: "Delete the post from Kwame Boateng" })).toHaveAttribute(
      "href",
      `/staff/spam/${ID}?confirm=delete`,
    );
  });

  it("says so when the folder is empty", async () => {
    folder = [];
    const data = await loadList();
    const Stub = createRoutesStub([{ path: "/staff/spam", Component: () => <ListPage loaderData={data} /> }]);
    render(<Stub initialEntries={["/staff/spam"]} />);
    expect(screen.getByText("The spam folder is empty. Nothing needs checking.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("Spam post", () => {
  it("shows every field as the demo form labelled it, in its order, and is 404 once it has left the folder", async () => {
    const data = await loadItem();
    expect(data.fields).toEqual([
      { label: "Full Name", value: "Kwame Boateng" },
      { label: "Organization / Institution", value: "Ghana Health Service" },
      { label: "Email Address", value: "kwame@example.org" },
      { label: "Message", value: "A morning slot, please." },
    ]);
    expect(data.confirm).toBeNull();
    await expect(loadItem("", "6f1c2d4e-8b9a-4c3d-a2e1-0f9e8d7c6b5a")).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("names exactly what a release sends, and posts it from a form that works without JavaScript", async () => {
    const data = await loadItem("?confirm=release");
    expect(data.effects).toEqual(["a welcome e-mail to kwame@example.org", "a notification to the enquiries team"]);
    const Stub = createRoutesStub([
      {
        path: "/staff/spam/:id",
        Component: () => <ItemPage loaderData={data} />,
        action: () => null,
      },
    ]);
    const { container } = render(<Stub initialEntries={[`/staff/spam/${ID}?confirm=release`]} />);
    expect(screen.getByRole("heading", { name: "Release this post?" })).toBeInTheDocument();
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(`/staff/spam/${ID}`);
    expect(new FormData(form).get("intent")).toBe("release");
    expect(screen.getByRole("button", { name: "Release and send e-mails" })).toHaveAttribute("type", "submit");
    expect(screen.queryByText(/sends no e-mail to the person who wrote/)).toBeNull();
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", `/staff/spam/${ID}`);
  });

  it("when the address has had its day's enquiries, names only the team's notification and says to reply", async () => {
    folder = [post({ addressAtLimit: true })];
    const data = await loadItem("?confirm=release");
    // The control is the test above: the same post, under the limit, names the welcome too.
    expect(data.effects).toEqual(["a notification to the enquiries team"]);
    const Stub = createRoutesStub([{ path: "/staff/spam/:id", Component: () => <ItemPage loaderData={data} /> }]);
    render(<Stub initialEntries={[`/staff/spam/${ID}?confirm=release`]} />);
    expect(
      screen.getByText(
        "The site sends no e-mail to the person who wrote: their address has already had as many as it is sent in a day. Reply to them yourself.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/a welcome e-mail/)).toBeNull();
  });

  it("for an enquiry staff moved here, says a release sends only what was withdrawn", async () => {
    const data = await loadItem("?confirm=release");
    const moved = { ...data, item: { ...data.item, reason: "Moved here by staff", movedByStaff: true } };
    const Stub = createRoutesStub([{ path: "/staff/spam/:id", Component: () => <ItemPage loaderData={moved} /> }]);
    render(<Stub initialEntries={[`/staff/spam/${ID}?confirm=release`]} />);
    expect(screen.getByText(/E-mails it had not sent when it was moved here are sent now/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Release to the inbox" })).toBeInTheDocument();
    expect(screen.queryByText("a notification to the enquiries team")).toBeNull();
    expect(data.item.movedByStaff).toBe(false);
  });

  it("asks before deleting, and offers both actions when nothing is being confirmed", async () => {
    const confirmDelete = await loadItem("?confirm=delete");
    const Stub = createRoutesStub([
      { path: "/staff/spam/:id", Component: () => <ItemPage loaderData={confirmDelete} /> },
    ]);
    render(<Stub initialEntries={[`/staff/spam/${ID}?confirm=delete`]} />);
    expect(screen.getByRole("heading", { name: "Delete this post?" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete for good" })).toBeInTheDocument();

    const plain = await loadItem();
    const Plain = createRoutesStub([{ path: "/staff/spam/:id", Component: () => <ItemPage loaderData={plain} /> }]);
    render(<Plain initialEntries={[`/staff/spam/${ID}`]} />);
    expect(screen.getByRole("link", { name: "Release…" })).toHaveAttribute("href", `/staff/spam/${ID}?confirm=release`);
    expect(screen.queryByRole("button", { name: "Release and send e-mails" })).toBeNull();
  });

  it("release and delete act as the signed-in member, with the request's fingerprint, then go back to the list", async () => {
    const released = (await act("release")) as Response;
    expect(released.status).toBe(302);
    expect(released.headers.get("Location")).toBe("/staff/spam?done=released");
    expect(calls).toEqual([{ op: "release", id: ID, by: { member, meta: { fingerprint: "abcdabcdabcdabcd" } } }]);
    // Already released (a second tab, a double post): said plainly.
    expect(((await act("delete")) as Response).headers.get("Location")).toBe("/staff/spam?done=gone");

    folder = [post()];
    expect(((await act("delete")) as Response).headers.get("Location")).toBe("/staff/spam?done=deleted");
    await expect(act("explode")).rejects.toMatchObject({ init: { status: 400 } });
  });

  it("an enquiry staff moved here is a real one: only an admin may delete it, and only an admin is offered to", async () => {
    folder = [post({ reason: "staff" })];
    expect((await loadItem("", ID, "staff")).item.deletable).toBe(false);
    expect((await loadItem("", ID, "admin")).item.deletable).toBe(true);
    const refused = await Promise.resolve(act("delete", ID, "staff")).catch((error: unknown) => error);
    expect((refused as Response).status).toBe(403);
    expect(refusals).toContain("refused");
    expect(calls).toEqual([]);
    expect(((await act("delete", ID, "admin")) as Response).headers.get("Location")).toBe("/staff/spam?done=deleted");
    expect(calls.map((call) => [call.op, call.by.member.role])).toEqual([["delete", "admin"]]);

    // The staff member's page says why there is no Delete, and offers Release.
    folder = [post({ reason: "staff" })];
    const data = await loadItem("", ID, "staff");
    const Stub = createRoutesStub([{ path: "/staff/spam/:id", Component: () => <ItemPage loaderData={data} /> }]);
    render(<Stub initialEntries={[`/staff/spam/${ID}`]} />);
    expect(screen.getByText(/Only an admin can delete an enquiry that staff moved here/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Delete…" })).toBeNull();
    expect(screen.getByRole("link", { name: "Release…" })).toBeInTheDocument();
    // The list offers Delete on that row to an admin only (Release to both).
    for (const role of ["staff", "admin"] as const) {
      const rows = await loadList(undefined, role);
      const Stub = createRoutesStub([{ path: "/staff/spam", Component: () => <ListPage loaderData={rows} /> }]);
      const { unmount } = render(<Stub initialEntries={["/staff/spam"]} />);
      expect(screen.getByRole("link", { name: "Release the post from Kwame Boateng" })).toBeInTheDocument();
      expect(screen.queryAllByRole("link", { name: "Delete the post from Kwame Boateng" })).toHaveLength(
        role === "admin" ? 1 : 0,
      );
      unmount();
    }
    // Control: a post the form guard kept may be deleted by any member.
    folder = [post()];
    expect((await loadItem("", ID, "staff")).item.deletable).toBe(true);
  });
});
