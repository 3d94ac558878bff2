import { describe, expect, test } from "vitest";
import { csvCell, toCsv, UTF8_BOM } from "~/platform/csv";
import { deliveryKinds, enquiryKind, enquiryKindNames } from "~/features/enquiries/kinds";
import { formSchema } from "~/features/enquiries/schemas";
import { validFields } from "../../../test/support/fixtures";
import { exportColumns, exportFileName, exportHeader, inboxCsv, londonIso } from "./csv";
import type { ExportRow } from "./inbox";

describe("CSV cells", () => {
  test.each([
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+44 131 496 0742", "'+44 131 496 0742"],
    ["-1+2", "'-1+2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", '"\'\rcmd"'],
    ["plain", "plain"],
    ["a, b", '"a, b"'],
    ["two\nlines", '"two\nlines"'],
    ["", ""],
  ])("%j becomes %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  test("empty values, numbers and dates", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(3)).toBe("3");
    expect(csvCell(new Date("2026-11-23T10:00:00Z"))).toBe("2026-11-23T10:00:00.000Z");
  });

  test("a document starts with the byte-order mark and ends its lines with CRLF", () => {
    expect(toCsv(["a", "b"], [[1, "x,y"]])).toBe(`${UTF8_BOM}a,b\r\n1,"x,y"\r\n`);
    expect(toCsv(["a"], [], { bom: false })).toBe("a\r\n");
  });
});

describe("the inbox export", () => {
  const row: ExportRow = {
    id: "id-1",
    receivedAt: new Date("2026-07-01T09:00:00Z"),
    kind: "contact",
    handledAt: new Date("2026-12-01T10:30:05Z"),
    assignee: { name: "Ada Lovelace", email: "ada@maternis.test" },
    payload: {
      name: '=HYPERLINK("x")',
      email: "a@example.org",
      role: "Head of midwifery",
      interest: "partnership",
      message: 'Hello, "team"\nBye',
    },
    deliveries: { notification: "dead", acknowledgement: "sent" },
  };
  /** The cells of one row by header (no cell in these rows holds a comma outside quotes but the message). */
  const cellsOf = (csv: string) => {
    const [header, line] = csv.slice(1).split("\r\n");
    const cells = line!.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, ""));
    return Object.fromEntries(header!.split(",").map((name, i) => [name, cells[i]]));
  };

  test("one row per enquiry: labels as the console shows them, each code in a column of its own, London times", () => {
    const csv = inboxCsv([row]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1).split("\r\n")[0]).toBe(exportHeader.join(","));
    expect(cellsOf(csv)).toMatchObject({
      ID: "id-1",
      // Summer time, then winter: the offset says which.
      "Received (London time)": "2026-07-01T10:00:00+01:00",
      "Handled (London time)": "2026-12-01T10:30:05+00:00",
      Form: "Contact",
      "Form (code)": "contact",
      State: "Handled",
      "State (code)": "handled",
      "Assigned to": "Ada Lovelace",
      "Assigned to (e-mail)": "ada@maternis.test",
      "Full name": `"'=HYPERLINK(""x"")"`,
      "Email address": "a@example.org",
      // A text field has no code; a choice has its label and its code.
      Role: "Head of midwifery",
      "Role (code)": "",
      "Area of interest": "Partnership Opportunities",
      "Area of interest (code)": "partnership",
      Message: `"Hello, ""team""\nBye"`,
      "Notification e-mail": "Dead-lettered",
      "Notification e-mail (code)": "dead",
      "Acknowledgement e-mail": "Sent",
      "Acknowledgement e-mail (code)": "sent",
      "Welcome e-mail": "",
    });
    const demo = cellsOf(
      inboxCsv([{ ...row, kind: "demo", handledAt: null, assignee: null, payload: { role: "healthcare" } }]),
    );
    expect(demo).toMatchObject({
      State: "New",
      "Handled (London time)": "",
      "Assigned to": "",
      Role: "Healthcare Provider",
      "Role (code)": "healthcare",
    });
  });

  test("one header style: sentence case, no code-style names", () => {
    for (const header of exportHeader) {
      expect(header, header).not.toMatch(/_|[a-z][A-Z]/);
      expect(header[0], header).toMatch(/[A-Z]/);
    }
    expect(new Set(exportHeader).size).toBe(exportHeader.length);
    expect(exportColumns.map((column) => column.key)).toContain("assigned_to");
  });

  test("its columns hold every field each form stores (from the registry), and nothing else", () => {
    const keys = exportColumns.map((column) => column.key);
    for (const kind of enquiryKindNames) {
      const form = formSchema(kind).parse(validFields(kind, "a@example.org"));
      const stored = Object.keys(enquiryKind(kind).toPayload(form));
      expect(
        stored.filter((key) => !keys.includes(key)),
        kind,
      ).toEqual([]);
    }
    const first = keys.indexOf("name");
    expect(keys.slice(first, keys.indexOf(`${deliveryKinds[0]}_email`))).toEqual([
      "name",
      "email",
      "organization",
      "role",
      "role_code",
      "interest",
      "interest_code",
      "preferredTime",
      "country",
      "reason",
      "message",
    ]);
  });

  // Issue 44: where the visitor came from, after every other column; empty when the enquiry kept none.
  test("the source columns come last: where the visitor came from and the campaign's values", () => {
    expect(exportColumns.slice(-7).map((column) => column.key)).toEqual([
      "source_referrer",
      "source_referrer_code",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_variant",
      "utm_cta",
    ]);
    const source = {
      referrer: "mail.example.org",
      utm: { utm_source: "email", utm_campaign: "welcome", utm_cta: "book" },
    };
    expect(cellsOf(inboxCsv([{ ...row, source }]))).toMatchObject({
      "Came from": "mail.example.org",
      "Came from (code)": "mail.example.org",
      "Campaign source": "email",
      "Campaign medium": "",
      Campaign: "welcome",
      "Campaign variant": "",
      "Campaign call to action": "book",
    });
    expect(cellsOf(inboxCsv([{ ...row, source: { referrer: "direct", utm: {} } }]))).toMatchObject({
      "Came from": "Direct (no referrer)",
      "Came from (code)": "direct",
    });
    const none = cellsOf(inboxCsv([row]));
    expect([none["Came from"], none["Campaign source"], none["Campaign call to action"]]).toEqual(["", "", ""]);
  });

  test("London times with their offset, around the clock changes", () => {
    expect(londonIso(new Date("2026-03-29T00:59:59Z"))).toBe("2026-03-29T00:59:59+00:00");
    expect(londonIso(new Date("2026-03-29T01:00:00Z"))).toBe("2026-03-29T02:00:00+01:00");
    expect(londonIso(new Date("2026-10-25T00:59:59Z"))).toBe("2026-10-25T01:59:59+01:00");
    expect(londonIso(new Date("2026-10-25T01:00:00Z"))).toBe("2026-10-25T01:00:00+00:00");
    expect(londonIso(null)).toBe("");
  });

  test("the file name carries the range and the filters, never the search text", () => {
    const today = "2026-11-27";
    expect(exportFileName({}, today)).toBe("enquiries-up-to-2026-11-27.csv");
    expect(exportFileName({ from: "2026-11-01", to: "2026-11-27", state: "new" }, today)).toBe(
      "enquiries-2026-11-01-to-2026-11-27-new.csv",
    );
    expect(exportFileName({ from: "2026-11-01" }, today)).toBe("enquiries-2026-11-01-to-2026-11-27.csv");
    expect(exportFileName({ to: "2026-10-31", kind: "demo", problem: true }, today)).toBe(
      "enquiries-up-to-2026-10-31-demo-delivery-problems.csv",
    );
    expect(exportFileName({ assigned: "mine", q: "grace@example.org" }, today)).toBe(
      "enquiries-up-to-2026-11-27-mine-search.csv",
    );
    expect(exportFileName({ assigned: "nobody" }, today)).toBe("enquiries-up-to-2026-11-27-unassigned.csv");
    expect(exportFileName({ assigned: "staff-2" }, today, "Grace O’Hopper")).toBe(
      "enquiries-up-to-2026-11-27-assigned-to-grace-o-hopper.csv",
    );
  });
});
