import { sourceCsvHeader } from "~/features/enquiries";
import { describe, expect, test } from "vitest";
import { csvCell, toCsv, UTF8_BOM } from "~/platform/csv";
import { deliveryKinds, enquiryKind, enquiryKindNames } from "~/features/enquiries/kinds";
import { formSchema } from "~/features/enquiries/schemas";
import { validFields } from "../../../test/support/fixtures";
import { exportFileName, exportHeader, inboxCsv } from "./csv";

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
  test("one row per enquiry with its state and each e-mail's state", () => {
    const csv = inboxCsv([
      {
        id: "id-1",
        receivedAt: new Date("2026-11-23T10:00:00Z"),
        kind: "contact",
        handledAt: null,
        payload: { name: '=HYPERLINK("x")', email: "a@example.org", message: 'Hello, "team"\nBye' },
        deliveries: { notification: "dead", acknowledgement: "sent" },
      },
    ]);
    const [header, row, end] = csv.slice(1).split("\r\n");
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(header).toBe(exportHeader.join(","));
    expect(row).toBe(
      'id-1,2026-11-23T10:00:00.000Z,contact,new,,"\'=HYPERLINK(""x"")",a@example.org,,,,,,,"Hello, ""team""\nBye",,dead,sent,,,,,,',
    );
    expect(end).toBe("");
  });

  test("its columns hold every field each form stores (from the registry), and nothing else", () => {
    for (const kind of enquiryKindNames) {
      const form = formSchema(kind).parse(validFields(kind, "a@example.org"));
      const stored = Object.keys(enquiryKind(kind).toPayload(form));
      expect(
        stored.filter((key) => !exportHeader.includes(key)),
        kind,
      ).toEqual([]);
    }
    // The enquiry's fields sit between its state and its e-mails' states; its source (issue 44) comes last.
    expect(exportHeader.slice(5, -(deliveryKinds.length + sourceCsvHeader.length))).toEqual([
      "name",
      "email",
      "organization",
      "role",
      "interest",
      "preferredTime",
      "country",
      "reason",
      "message",
    ]);
  });

  // Issue 44.
  test("where the visitor came from, in the last columns", () => {
    expect(exportHeader.slice(-sourceCsvHeader.length)).toEqual([
      "source_referrer",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_variant",
      "utm_cta",
    ]);
    const csv = inboxCsv([
      {
        id: "id-2",
        receivedAt: new Date("2026-11-23T10:00:00Z"),
        kind: "demo",
        handledAt: null,
        payload: { name: "Kwame", email: "k@example.org" },
        deliveries: {},
        source: {
          referrer: "mail.example.org",
          utm: { utm_source: "email", utm_campaign: "welcome", utm_cta: "book" },
        },
      },
    ]);
    expect(csv.split("\r\n")[1]).toMatch(/,mail\.example\.org,email,,welcome,,book$/);
  });

  test("the file name carries the day in London", () => {
    expect(exportFileName(new Date("2026-06-30T23:30:00Z"))).toBe("enquiries-2026-07-01.csv");
    expect(exportFileName(new Date("2026-12-31T23:30:00Z"))).toBe("enquiries-2026-12-31.csv");
  });
});
