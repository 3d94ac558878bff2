import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { contextWith, DEAD, detail, fakeInbox, ID, staff, type DataResult } from "../../../test/support/inbox-fakes";
import EnquiryPage, { action as enquiryAction, loader as enquiryLoader } from "./enquiry/route";

/** An enquiry's page: its loader and actions with a signed-in member of staff, and the page itself. */
const post = (fields: Record<string, string>) =>
  new Request(`http://localhost/staff/enquiries/${ID}`, { method: "POST", body: new URLSearchParams(fields) });

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
    expect(inbox.retryDelivery).toHaveBeenCalledWith(ID, DEAD, staff);
    const refused = (await run({ intent: "retry", delivery: "other" })) as unknown as DataResult;
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toEqual({ error: "That e-mail is no longer dead-lettered, so it was not retried." });
    await expect(run({ intent: "delete-everything" })).rejects.toMatchObject({ init: { status: 400 } });
  });

  test("an enquiry in spam is neither marked handled nor reopened: it says why, and where to release it", async () => {
    const inbox = fakeInbox();
    inbox.markHandled.mockResolvedValue({ ok: false, reason: "spam" });
    inbox.reopen.mockResolvedValue({ ok: false, reason: "spam" });
    const run = (fields: Record<string, string>) =>
      enquiryAction({ request: post(fields), context: contextWith(inbox), params: { id: ID } } as never);
    for (const intent of ["handled", "reopen"]) {
      const refused = (await run({ intent })) as unknown as DataResult;
      expect(refused.init?.status).toBe(409);
      expect(refused.data).toEqual({
        error: "This enquiry is in spam, so it cannot be marked handled or reopened. Release it to the inbox first.",
      });
    }
  });

  test("a note with a control character is refused beside the field, with what was typed kept", async () => {
    const inbox = fakeInbox();
    const run = (fields: Record<string, string>) =>
      enquiryAction({ request: post(fields), context: contextWith(inbox), params: { id: ID } } as never);
    for (const note of ["Called\u0000 back", "Called back \u202e"]) {
      const refused = (await run({ intent: "note", note })) as unknown as DataResult;
      expect(refused.init?.status).toBe(400);
      expect(refused.data).toEqual({
        error: "The note contains characters that are not allowed",
        field: "enquiry-note",
        note,
      });
    }
    expect(inbox.addNote).not.toHaveBeenCalled();
    // The positive control: several lines and tabs are a note's own.
    expect(((await run({ intent: "note", note: "Called back.\r\n\tSent pricing." })) as Response).status).toBe(302);
    expect(inbox.addNote).toHaveBeenCalledOnce();
  });
});

/** The enquiry page showing `enquiry`, as its loader would give it. */
function renderPage(enquiry: typeof detail) {
  const Stub = createRoutesStub([
    {
      path: "/staff/enquiries/:id",
      Component: EnquiryPage as never,
      loader: () => ({ enquiry, webhooks: [], now: Date.parse("2026-11-23T12:00:00Z"), done: null }),
    },
  ]);
  return render(<Stub initialEntries={[`/staff/enquiries/${ID}`]} />);
}

describe("enquiry page", () => {
  test("the enquiry page: fields, e-mails with a retry only for the dead one, notes, reply link", async () => {
    renderPage(detail);
    expect(await screen.findByRole("heading", { level: 1, name: "Grace Hopper" })).toBeTruthy();
    const emails = screen.getByRole("table", { name: /The e-mails this enquiry caused/ });
    expect(
      within(emails)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Retry the notification e-mail"]);
    expect(emails.textContent).toContain(`<${ID}.notification@www.maternis.health>`);
    // Each e-mail's row: its cells by their column's name (what a phone shows beside each value).
    const cellsOf = (email: string) => {
      const row = within(emails)
        .getAllByRole("row")
        .find((r) => r.querySelector("th")?.textContent === email);
      return Object.fromEntries([...row!.querySelectorAll("td")].map((cell) => [cell.dataset.label, cell.textContent]));
    };
    expect(cellsOf("Notification")).toMatchObject({ "Last error": "421 try later", Sent: "Not sent" });
    expect(cellsOf("Acknowledgement")).toMatchObject({
      "Last error": "None",
      Sent: "Mon 23 Nov 2026, 09:00 (2 hours ago)",
    });
    expect(screen.getByText(/, received/).textContent).toBe("Contact, received Mon 23 Nov 2026, 09:00 (3 hours ago)");
    const reply = screen.getByRole("link", { name: "Reply by e-mail to Grace Hopper" });
    expect(reply.getAttribute("href")).toMatch(/^mailto:grace@example\.org\?subject=/);
    expect(screen.getByRole("button", { name: "Mark as handled" })).toBeTruthy();
    expect(screen.getByText("Called back")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Add a note" })).toBeTruthy();
    expect(screen.queryByText(/sent no e-mail to the person who wrote/)).toBeNull();
  });

  test("an enquiry stored past its address's daily limit says the writer was sent nothing", async () => {
    const quiet = { ...detail, deliveries: detail.deliveries.filter((d) => d.kind === "notification") };
    const view = renderPage(quiet);
    const sentence =
      "The site sent no e-mail to the person who wrote: their address had already had as many as it is sent in a day. Reply to them yourself.";
    expect(await screen.findByText(sentence)).toBeTruthy();
    view.unmount();

    // Moved to spam by staff after its notification went (its acknowledgement withdrawn): the limit is not why.
    const moved = { ...quiet, spamReason: "staff" };
    renderPage(moved);
    expect(await screen.findByRole("heading", { level: 1, name: "Grace Hopper" })).toBeTruthy();
    expect(screen.queryByText(sentence)).toBeNull();
  });

  test("an enquiry in spam offers no way to mark it handled or reopen it, but a link to it in Spam", async () => {
    const view = renderPage({ ...detail, spamReason: "honeypot" });
    expect(await screen.findByRole("heading", { level: 1, name: "Grace Hopper" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark as handled" })).toBeNull();
    expect(screen.getByRole("link", { name: "Open it in Spam" }).getAttribute("href")).toBe(`/staff/spam/${ID}`);
    view.unmount();
    renderPage({ ...detail, spamReason: "staff", handled: { at: new Date("2026-11-23T10:00:00Z"), by: "Ada" } });
    expect(await screen.findByRole("heading", { level: 1, name: "Grace Hopper" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reopen" })).toBeNull();
  });
});
