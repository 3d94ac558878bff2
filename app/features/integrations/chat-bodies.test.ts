import { describe, expect, test } from "vitest";
import { slackBody, teamsBody, type EventFacts } from "./deliveries.server";

/**
 * What a chat shows of what a visitor typed on the public form: as written,
 * never as a link or formatting of the visitor's making.
 */
const phishing = "[Verify your account](https://evil.example/login)";
const facts: EventFacts = {
  id: "msg_1",
  event: "enquiry.received",
  at: new Date("2026-11-29T09:00:00Z"),
  detail: "summary",
  enquiry: {
    id: "0b7a3c1e-8d0f-4a53-9d7e-0d3f4a7b2c11",
    kind: "contact",
    receivedAt: new Date("2026-11-29T09:00:00Z"),
    url: "https://www.maternis.health/staff/enquiries/0b7a3c1e-8d0f-4a53-9d7e-0d3f4a7b2c11",
  },
  summary: { name: phishing, organization: "**Urgent** <b>", topic: { label: "Interest", value: "Partnership" } },
};

describe("chat messages", () => {
  test("Teams: what a visitor typed is in TextRuns, which Teams shows as written; the site's own facts in the FactSet", () => {
    const card = teamsBody(facts).attachments[0]!.content;
    const [headline, factSet, ...typed] = card.body as Record<string, unknown>[];
    expect(headline).toMatchObject({ type: "TextBlock", text: "New contact enquiry" });
    expect(factSet).toEqual({
      type: "FactSet",
      facts: [
        { title: "Form", value: "Contact" },
        { title: "Received", value: expect.any(String) },
        { title: "Interest", value: "Partnership" },
      ],
    });
    expect(typed).toEqual([
      {
        type: "RichTextBlock",
        inlines: [
          { type: "TextRun", text: "Name: ", weight: "Bolder" },
          { type: "TextRun", text: phishing },
        ],
      },
      {
        type: "RichTextBlock",
        inlines: [
          { type: "TextRun", text: "Organisation: ", weight: "Bolder" },
          { type: "TextRun", text: "**Urgent** <b>" },
        ],
      },
    ]);
    // Nowhere that reads Markdown: only the TextRuns hold it.
    const markdown = JSON.stringify([headline, factSet]);
    expect(markdown).not.toContain("evil.example");
    expect(markdown).not.toContain("Urgent");
  });

  test("Slack: a link needs <url|text>, and its < and > are escaped", () => {
    const fields = JSON.stringify(
      slackBody({ ...facts, summary: { ...facts.summary!, name: "<https://evil.example|Verify>" } }),
    );
    expect(fields).toContain("&lt;https://evil.example|Verify&gt;");
    expect(fields).not.toContain("<https://evil.example");
  });
});
