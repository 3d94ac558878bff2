import { describe, expect, test } from "vitest";
import { checkInboxFilters, SEARCH_MAX_LENGTH } from "~/features/inbox/inbox";
import { londonDate } from "~/platform/calendar";
import { contextWith, fakeInbox, staff } from "../../../test/support/inbox-fakes";
import { action as exportAction, loader as exportLoader } from "./export-csv";

/** The inbox's CSV download: a POST of the filters answered with a streamed attachment. */
describe("CSV export", () => {
  const post = (inbox: ReturnType<typeof fakeInbox>, fields: Record<string, string>) =>
    exportAction({
      request: new Request("http://localhost/staff/export.csv", { method: "POST", body: new URLSearchParams(fields) }),
      context: contextWith(inbox),
      params: {},
    } as never);

  test("an attachment named after its range and filters, UTF-8 with BOM, formulas neutralised, the filters passed on", async () => {
    const inbox = fakeInbox();
    const response = await post(inbox, { problem: "1", kind: "contact", from: "2026-11-01", to: "2026-11-27" });
    expect(inbox.export).toHaveBeenCalledWith(
      { kind: "contact", problem: true, from: "2026-11-01", to: "2026-11-27" },
      staff,
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="enquiries-2026-11-01-to-2026-11-27-contact-delivery-problems.csv"',
    );
    // No Cache-Control of its own: the server sends no-store for every console path, once (e2e/staff-inbox-csv.spec.ts).
    expect(response.headers.get("Cache-Control")).toBeNull();
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await response.text();
    // Response.text() decodes UTF-8 and drops the byte-order mark, which the bytes above show.
    expect(text.startsWith("ID,Received (London time),Form,Form (code),State,State (code),")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(text).toContain(",Ada,ada@maternis.test,");
    expect(text).toContain(",Partnership Opportunities,partnership,");
  });

  test("without a range, up to today; a member's filter by their name", async () => {
    const inbox = fakeInbox();
    const today = londonDate(new Date());
    const all = await post(inbox, {});
    expect(all.headers.get("Content-Disposition")).toBe(`attachment; filename="enquiries-up-to-${today}.csv"`);
    const grace = await post(inbox, { assigned: "staff-2", q: "someone@example.org" });
    expect(grace.headers.get("Content-Disposition")).toBe(
      `attachment; filename="enquiries-up-to-${today}-assigned-to-grace-search.csv"`,
    );
  });

  test("a reversed or impossible range is refused: back to the inbox with what was typed, nothing exported", async () => {
    const inbox = fakeInbox();
    const reversed = (await post(inbox, { from: "2026-11-27", to: "2026-11-01", kind: "demo", junk: "x" })) as Response;
    expect(reversed.status).toBe(303);
    expect(reversed.headers.get("Location")).toBe("/staff?kind=demo&from=2026-11-27&to=2026-11-01");
    const impossible = (await post(inbox, { from: "2026-02-30" })) as Response;
    expect(impossible.headers.get("Location")).toBe("/staff?from=2026-02-30");
    expect(inbox.export).not.toHaveBeenCalled();
    // The positive control: the same range the right way round exports.
    expect((await post(inbox, { from: "2026-11-01", to: "2026-11-27" })).status).toBe(200);
    expect(inbox.export).toHaveBeenCalledOnce();
  });

  test("refused filters go back to the inbox page's own address, its filters as its GET form writes them", async () => {
    const inbox = fakeInbox();
    const long = `grace@example.org ${"y".repeat(150)}`;
    const refused = (await post(inbox, {
      q: `  ${long}  `,
      kind: "gossip",
      state: "new",
      from: "1800-01-01",
      to: "9999-12-31",
      junk: "x",
    })) as Response;
    expect(refused.status).toBe(303);
    const back = new URL(refused.headers.get("Location")!, "http://localhost");
    expect(back.pathname).toBe("/staff");
    // The search is in the inbox page's address anyway (ADR 013): trimmed and cut as the inbox's box cuts it;
    // the dates as typed, so the page says what to fix; nothing the inbox would not read.
    expect([...back.searchParams]).toEqual([
      ["state", "new"],
      ["q", long.slice(0, SEARCH_MAX_LENGTH)],
      ["from", "1800-01-01"],
      ["to", "9999-12-31"],
    ]);
    expect(checkInboxFilters(back.searchParams).errors.map((error) => error.field)).toEqual(["inbox-from", "inbox-to"]);
    // A search the inbox refuses goes back as typed, for the inbox to say so.
    const nul = (await post(inbox, { q: "grace\u0000" })) as Response;
    expect(nul.headers.get("Location")).toBe("/staff?q=grace%00");
    expect(inbox.export).not.toHaveBeenCalled();
  });

  test("a GET is 405: the download is a POST from the inbox", () => {
    const response = exportLoader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});
