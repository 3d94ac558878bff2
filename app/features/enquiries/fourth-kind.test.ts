/**
 * The registry is the single source of an enquiry kind (issue 26): a
 * throwaway fourth kind, declared in this file and nowhere else, with the one
 * other thing a kind needs on the server (its e-mail template), is validated,
 * stored, delivered, listed, opened, exported and labelled by the code that
 * serves the three real kinds, with no change to it.
 */
import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { inboxCsv } from "~/features/inbox/csv";
import { type ExportRow } from "~/features/inbox/inbox";
import { kindLabels } from "~/features/enquiries/labels";
import { enquiryKindNames, isEnquiryKind, type EnquiryKind } from "~/features/enquiries/kinds";
import { parseEnquiryForm } from "~/features/enquiries/schemas";
import { bothEnginesWithSmtp } from "../../../test/support/engines";
import { openPipeline, testEnv, waitForDeliveriesSettled } from "../../../test/support/pglite";
import { createServices } from "~/site.server";
import { staffUsers } from "~/features/sign-in/tables.server";
import type * as EmailsModule from "./emails/registry";
import type * as RegistryModule from "~/features/enquiries/kinds";
import { deliveries } from "~/features/enquiries/tables.server";

vi.mock("~/features/enquiries/kinds", async (importOriginal) => {
  const registry = await importOriginal<typeof RegistryModule>();
  const { emailField, fullNameField } = await import("~/features/enquiries/fields");
  const feedback = registry.defineEnquiry({
    label: "Clinic feedback",
    path: "/feedback",
    topic: "rating",
    fields: {
      fullName: fullNameField,
      email: emailField,
      rating: {
        label: "How was the pilot?",
        kind: "select",
        required: true,
        options: [
          { value: "good", label: "It worked well" },
          { value: "poor", label: "It needs work" },
        ],
        missing: "Choose how the pilot went",
      },
      comments: {
        label: "Comments",
        kind: "textarea",
        required: true,
        maxLength: 2000,
        missing: "Enter your comments",
      },
    },
    toPayload: (form) => ({ name: form.fullName, email: form.email, rating: form.rating, comments: form.comments }),
    first: ["notification"],
  });
  return { ...registry, ...registry.registryOf({ ...registry.enquiryKinds, feedback }) };
});

// Its notification template (a new kind's e-mails file, app/features/enquiries/emails/<kind>.tsx, and its line in app/features/enquiries/emails/registry.ts).
vi.mock("./emails/registry", async (importOriginal) => {
  const emails = await importOriginal<typeof EmailsModule>();
  const { createElement } = await import("react");
  const { defineEmail, renderEmail } = await import("~/platform/mail/define");
  const template = defineEmail<{ name: string; rating: string }>({
    subject: ({ name }) => `New clinic feedback from ${name}`,
    Email: ({ name, rating }) => createElement("p", null, `${name} rated the pilot: ${rating}`),
    PreviewProps: { name: "Ama", rating: "good" },
  });
  return {
    ...emails,
    renderEnquiryEmail: ((kind, delivery, payload, opts) =>
      (kind as string) === "feedback" && delivery === "notification"
        ? renderEmail(template, { name: payload.name ?? "", rating: payload.rating ?? "" })
        : emails.renderEnquiryEmail(kind, delivery, payload, opts)) satisfies typeof emails.renderEnquiryEmail,
  };
});

const FEEDBACK = "feedback" as EnquiryKind;
const ENQUIRIES = "enquiries@maternis.test";
const member = { id: "staff-1", email: "sam@maternis.test", name: "Sam", role: "staff" as const };
const by = { member, meta: { fingerprint: "f00dfeedf00dfeed" } };

const { engines, open, smtp } = bothEnginesWithSmtp();

describe.each(engines)("a fourth enquiry kind, declared only in the registry, on $name", (engine) => {
  test("is validated, stored, delivered, listed, opened, exported and labelled", async () => {
    expect(enquiryKindNames).toEqual(["contact", "demo", "advisory", "feedback"]);
    expect(isEnquiryKind("feedback")).toBe(true);

    // Validated: its own messages, in its field order.
    expect(parseEnquiryForm(FEEDBACK, { fullName: "", email: "nope", rating: "meh", comments: "" })).toEqual({
      ok: false,
      errors: {
        fullName: "Enter your full name",
        email: "Enter an email address in the correct format, like name@example.com",
        rating: "Choose how the pilot went",
        comments: "Enter your comments",
      },
    });
    const form = { fullName: "Ama Owusu", email: "ama@example.org", rating: "good", comments: "Faster booking." };
    expect(parseEnquiryForm(FEEDBACK, form)).toMatchObject({ ok: true });

    // Stored and delivered through the same outbox and worker.
    const env = testEnv({
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      ENQUIRIES_EMAIL: ENQUIRIES,
      ...(await engine.database()),
    });
    const pipeline = await openPipeline(env);
    open.push(pipeline);
    const sent = await pipeline.services.enquiries.submitEnquiry(FEEDBACK, form, { ip: "192.0.2.40" });
    if (!sent.ok) throw new Error(`not accepted: ${sent.reason}`);
    await waitForDeliveriesSettled(pipeline);
    expect(smtp.received.map((mail) => [mail.envelopeTo[0], mail.subject])).toEqual([
      [ENQUIRIES, "New clinic feedback from Ama Owusu"],
    ]);
    const { store } = pipeline.platform;
    expect(
      await store.db
        .select({ kind: deliveries.kind, status: deliveries.status })
        .from(deliveries)
        .where(eq(deliveries.enquiryId, sent.enquiryId)),
    ).toEqual([{ kind: "notification", status: "sent" }]);

    // Listed, opened and exported by the console, labelled as its form labels it.
    await store.db.insert(staffUsers).values({ id: member.id, email: member.email, name: member.name });
    const console = await createServices(pipeline.platform);
    expect(kindLabels[FEEDBACK]).toBe("Clinic feedback");
    expect((await console.inbox.list({ kind: FEEDBACK }, 1)).rows).toMatchObject([
      { id: sent.enquiryId, kind: "feedback", name: "Ama Owusu", topic: "It worked well" },
    ]);
    expect((await console.inbox.get(sent.enquiryId, by))!.fields).toEqual([
      { key: "name", label: "Full Name", value: "Ama Owusu" },
      { key: "email", label: "Email Address", value: "ama@example.org" },
      { key: "rating", label: "How was the pilot?", value: "It worked well" },
      { key: "comments", label: "Comments", value: "Faster booking." },
    ]);
    const rows: ExportRow[] = [];
    for await (const batch of await console.inbox.export({ kind: FEEDBACK }, by)) rows.push(...batch);
    const [header, line] = inboxCsv(rows)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    const cells = Object.fromEntries(header!.split(",").map((column, i) => [column, line!.split(",")[i]]));
    expect(cells).toMatchObject({
      Form: "Clinic feedback",
      "Form (code)": "feedback",
      "How was the pilot?": "It worked well",
      "How was the pilot? (code)": "good",
      Comments: "Faster booking.",
      "Notification e-mail (code)": "sent",
    });
  });
});
