import { describe, expect, test } from "vitest";
import { renderEmail } from "~/platform/mail/define";
import { staffDigest, staffDigestSubject } from "./emails/digest";
import { createMemoryLogger } from "~/platform/log.server";
import { digestLines, digestProps, DIGEST_LIST_LIMIT, type DigestData } from "./digest.server";

const now = new Date("2026-11-23T08:00:00Z");
const site = { siteUrl: "https://www.maternis.health", now };
const empty: DigestData = {
  deadLetters: [],
  deadTotal: 0,
  overdue: [],
  overdueTotal: 0,
  deadIntegrationDeliveries: [],
};

const deadLetter = {
  enquiryId: "11111111-1111-4111-8111-111111111111",
  kind: "welcome" as const,
  recipient: "kwame@example.org",
  lastError: "421 4.3.2\n Service not available",
  enquiryKind: "demo",
  name: "Kwame Boateng",
  receivedAt: new Date("2026-11-20T16:12:00Z"),
};
const overdue = {
  enquiryId: "22222222-2222-4222-8222-222222222222",
  enquiryKind: "contact",
  name: "Ama Mensah",
  organization: "Korle Bu",
  receivedAt: new Date("2026-11-20T07:30:00Z"),
};

describe("daily digest", () => {
  test("nothing to say: no e-mail", () => {
    expect(digestProps(empty, site)).toBeNull();
  });

  test("lists dead letters and overdue enquiries with links into the console", async () => {
    const props = digestProps(
      { deadLetters: [deadLetter], deadTotal: 1, overdue: [overdue], overdueTotal: 1, deadIntegrationDeliveries: [] },
      site,
    );
    expect(props).toMatchObject({
      date: "Mon 23 Nov 2026",
      deadLettersUrl: "https://www.maternis.health/staff?problem=1",
      deadLetters: [
        {
          email: "Welcome",
          recipient: "kwame@example.org",
          enquiry: "Demo request from Kwame Boateng",
          received: "Fri 20 Nov 2026, 16:12",
          lastError: "421 4.3.2 Service not available",
          url: `https://www.maternis.health/staff/enquiries/${deadLetter.enquiryId}`,
        },
      ],
      overdue: [
        {
          enquiry: "Contact from Ama Mensah (Korle Bu)",
          received: "Fri 20 Nov 2026, 07:30 (3 days ago)",
          url: `https://www.maternis.health/staff/enquiries/${overdue.enquiryId}`,
        },
      ],
    });
    const email = await renderEmail(staffDigest, props!);
    expect(email.subject).toBe("Enquiries digest: 1 e-mail not delivered, 1 enquiry waiting");
    for (const part of [email.html, email.text]) {
      expect(part).toContain("Kwame Boateng");
      expect(part).toContain("kwame@example.org");
      expect(part).toContain("Ama Mensah (Korle Bu)");
      expect(part).toContain(`/staff/enquiries/${overdue.enquiryId}`);
    }
    expect(email.text).toContain("E-mails not delivered");
  });

  test("says how many more when a list is cut, and only what there is", async () => {
    const props = digestProps(
      {
        deadLetters: [],
        deadTotal: 0,
        overdue: Array(DIGEST_LIST_LIMIT).fill(overdue),
        overdueTotal: 70,
        deadIntegrationDeliveries: [],
      },
      site,
    )!;
    expect(staffDigestSubject(props)).toBe("Enquiries digest: 70 enquiries waiting");
    const email = await renderEmail(staffDigest, props);
    expect(email.text).toContain("And 20 more.");
    expect(email.text).not.toContain("not delivered");
  });

  test("adds the lines of the features after it (the traffic figures), with their links; a failing one is left out", async () => {
    const log = createMemoryLogger();
    const lines = await digestLines(
      {
        siteUrl: site.siteUrl,
        log,
        lines: [
          async () => ({
            text: "Yesterday (Sun 22 Nov): 132 visitors and 3 enquiries.",
            path: "/staff/traffic?from=x",
          }),
          async () => null,
          async () => {
            throw new Error("database down");
          },
        ],
      },
      now,
    );
    expect(lines).toEqual([
      {
        text: "Yesterday (Sun 22 Nov): 132 visitors and 3 enquiries.",
        url: "https://www.maternis.health/staff/traffic?from=x",
      },
    ]);
    expect(log.entries).toContainEqual(
      expect.objectContaining({ msg: "a line of the daily digest could not be read" }),
    );
    const props = digestProps({ ...empty, overdue: [overdue], overdueTotal: 1 }, site)!;
    const email = await renderEmail(staffDigest, { ...props, lines });
    for (const part of [email.html, email.text]) {
      expect(part).toContain("Visitors and enquiries");
      expect(part).toContain("132 visitors and 3 enquiries");
    }
    expect(email.html).toContain('href="https://www.maternis.health/staff/traffic?from=x"');
  });
});
