import { describe, expect, test } from "vitest";
import { contextWith, fakeInbox, staff } from "../../../test/support/inbox-fakes";
import { action as exportAction, loader as exportLoader } from "./export-csv";

/** The inbox's CSV download: a POST of the filters answered with a streamed attachment. */
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
