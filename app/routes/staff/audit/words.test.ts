import { describe, expect, test } from "vitest";
import type { AuditRecord } from "~/features/audit/audit";
import { auditInWords, humanise, idsToName, shortRef, type AuditNames } from "./words";

/** The audit log in words: every row a sentence, people and enquiries named, no raw id shown. */
const ENQUIRY = "0b7a3c1e-8d0f-4a53-9d7e-0d3f4a7b2c11";
const GONE = "9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5";
const INTEGRATION = "5d6e7f80-1a2b-4c3d-9e4f-5a6b7c8d9e0f";
const SESSION = "Xb1uQ0sJm3kT9vYpZr2LwE7aHc4DgN6f";
const HASH = "sha256:1a2b3c4d5e6f708192a3b4c5d6e7f809";

const names: AuditNames = {
  members: { "staff-1": "Ada Lovelace (ada@maternis.test)", "staff-2": "Grace Hopper (grace@maternis.test)" },
  enquiries: { [ENQUIRY]: "Zed Parker" },
  integrations: { [INTEGRATION]: "Sales team" },
  addresses: { [HASH]: "Grace Hopper (grace@maternis.test)" },
};

let id = 0;
function row(action: string, fields: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: ++id,
    at: new Date("2026-11-23T09:00:00Z"),
    actor: "ada@maternis.test",
    actorId: "staff-1",
    action,
    target: null,
    clientFingerprint: "0123456789abcdef",
    detail: null,
    ...fields,
  };
}

/** Every cell of a line as one string. */
const shown = (line: ReturnType<typeof auditInWords>) =>
  [line.who, line.what, line.about?.text ?? "", line.details].join(" | ");

describe("audit rows in words", () => {
  test("sign-ins: the method and set-up in words, the session as a short reference", () => {
    const enrol = auditInWords(row("sign-in", { target: SESSION, detail: { method: "code", enrolOnly: true } }), names);
    expect(enrol).toEqual({
      who: "Ada Lovelace (ada@maternis.test)",
      what: "Signed in",
      about: { text: "Session ref xb1uq0sj" },
      details: "With an e-mail code, set-up only",
    });
    expect(auditInWords(row("sign-in", { detail: { method: "code+app" } }), names).details).toBe(
      "With an e-mail code and an authenticator app",
    );
    expect(auditInWords(row("sign-in", { detail: { method: "passkey" } }), names).details).toBe("With a passkey");
    const failed = auditInWords(
      row("sign-in-failed", { actor: HASH, actorId: null, detail: { method: "code", reason: "expired" } }),
      names,
    );
    // The hash of a member's address: whose it is (whoever typed it); of any other address, a reference.
    expect(failed.who).toBe("Someone using the address of Grace Hopper (grace@maternis.test)");
    expect(auditInWords(row("sign-in-failed", { actor: HASH, actorId: null })).who).toBe(
      "An address, by a one-way hash (ref 1a2b3c4d)",
    );
    expect(failed.details).toBe("With an e-mail code, the code had expired");
    expect(auditInWords(row("sign-in-failed", { actor: "(signed out)", actorId: null }), names).who).toBe(
      "Someone not signed in",
    );
    expect(auditInWords(row("code-requested", { detail: { refused: "rate-limited" } }), names).details).toBe(
      "Refused: too many codes asked for",
    );
  });

  test("a paused second step names the member; a code limit names the address or the network", () => {
    const locked = (target: string, detail: Record<string, unknown>) =>
      auditInWords(row("sign-in-locked", { actor: "(signed out)", actorId: null, target, detail }), names);
    expect(locked("staff-2", { limit: "second-step", wrongCodes: 10, minutes: 15 })).toEqual({
      who: "Someone not signed in",
      what: "Too many wrong sign-in codes (admins told)",
      about: { text: "Grace Hopper (grace@maternis.test)" },
      details: "10 wrong app or recovery codes in a row, second step paused for 15 minutes",
    });
    expect(locked("staff-9", { limit: "second-step", wrongCodes: 10, minutes: 15 }).about).toEqual({
      text: "A former member (ref staff9)",
    });
    const address = locked("0123456789abcdef", { limit: "address", wrongCodes: 20, windowHours: 24 });
    expect(address.about).toEqual({ text: "An address, by a one-way hash (ref 01234567)" });
    expect(address.details).toBe("20 wrong codes in 24 hours, for one address");
    const client = locked("fedcba9876543210", { limit: "client", wrongCodes: 30, windowHours: 1 });
    expect(client.about).toEqual({ text: "A network (client fedcba9876543210)" });
    expect(client.details).toBe("30 wrong codes in 1 hour, from one network");
  });

  test("enquiries are named and linked while kept; an erased one is a short reference", () => {
    const viewed = auditInWords(row("enquiry-viewed", { target: ENQUIRY }), names);
    expect(viewed.about).toEqual({ text: "The enquiry from Zed Parker", href: `/staff/enquiries/${ENQUIRY}` });
    const gone = auditInWords(row("marked-handled", { target: GONE }), names);
    expect(gone.about).toEqual({ text: "An enquiry no longer kept (ref 9c1d2e3f)" });
    const assigned = auditInWords(row("assigned", { target: ENQUIRY, detail: { to: "staff-2" } }), names);
    expect(assigned.details).toBe("To Grace Hopper (grace@maternis.test)");
    expect(auditInWords(row("assigned", { target: ENQUIRY, detail: { to: null } }), names).details).toBe("To nobody");
    expect(auditInWords(row("assigned", { target: ENQUIRY, detail: { to: "staff-9" } }), names).details).toBe(
      "To a former member (ref staff9)",
    );
    const spam = auditInWords(
      row("moved-to-spam", { target: ENQUIRY, detail: { withdrawn: ["acknowledgement"], integrationMessages: 2 } }),
      names,
    );
    expect(spam.details).toBe("Not sent yet, so withdrawn: 1 e-mail and 2 integration messages");
    const retry = auditInWords(
      row("retry", { target: GONE, detail: { enquiry: ENQUIRY, kind: "notification" } }),
      names,
    );
    expect(retry.about?.text).toBe("The enquiry from Zed Parker");
    expect(retry.details).toBe("The notification e-mail");
    expect(auditInWords(row("note", { target: ENQUIRY, detail: { noteId: GONE } }), names).details).toBe("");
    expect(
      auditInWords(row("spam-released", { target: ENQUIRY, detail: { kind: "demo", reason: "honeypot", queued: 2 } }))
        .details,
    ).toBe("Demo request, hidden field filled in, 2 e-mails queued");
  });

  test("an export's filters read as the inbox's form says them", () => {
    const line = auditInWords(
      row("export", {
        detail: {
          rows: 61,
          kind: "contact",
          state: "new",
          problem: true,
          search: true,
          from: "2026-11-01",
          to: "2026-11-27",
          assigned: "staff-2",
        },
      }),
      names,
    );
    expect(line.details).toBe(
      "61 enquiries, form: Contact, new only, only delivery problems, a search, received 1 Nov 2026 to 27 Nov 2026, assigned to Grace Hopper (grace@maternis.test)",
    );
    expect(auditInWords(row("export", { detail: { rows: 1, assigned: "mine" } })).details).toBe(
      "1 enquiry, assigned to them",
    );
  });

  test("data requests, members, integrations and the announcement", () => {
    const erased = auditInWords(
      row("erasure", {
        target: HASH,
        detail: { enquiries: 1, suspectedSpam: 0, deliveries: 2, notes: 1, texts: 0, jobs: 3 },
      }),
    );
    expect(erased.about?.text).toBe("A person, by a one-way hash of their address (ref 1a2b3c4d)");
    expect(erased.details).toBe(
      "1 enquiry, 0 of them suspected spam, 2 e-mails, 1 note, 0 text messages, 3 queued jobs",
    );
    expect(auditInWords(row("role-changed", { target: "staff-2", detail: { role: "admin" } }), names)).toMatchObject({
      about: { text: "Grace Hopper (grace@maternis.test)" },
      details: "Now admin",
    });
    expect(auditInWords(row("factor-enrolled", { detail: { factor: "app" } })).details).toBe("An authenticator app");
    const added = auditInWords(
      row("integration-added", {
        target: INTEGRATION,
        detail: { kind: "slack", host: "hooks.slack.com", events: ["enquiry.received"], detail: "summary" },
      }),
      names,
    );
    expect(added.about).toEqual({ text: "Integration “Sales team”", href: `/staff/integrations/${INTEGRATION}` });
    expect(added.details).toBe("Slack, to hooks.slack.com, for: a new enquiry arrives, with a summary");
    const resent = auditInWords(
      row("webhook-resent", { target: GONE, detail: { integrationId: INTEGRATION, event: "enquiry.received" } }),
      names,
    );
    expect(resent.about?.text).toBe("Integration “Sales team”");
    expect(auditInWords(row("integration-deleted", { target: GONE, detail: { kind: "webhook" } })).about).toEqual({
      text: "An integration since deleted (ref 9c1d2e3f)",
    });
    expect(auditInWords(row("banner-unpublished", { target: GONE })).about).toEqual({
      text: "The site's announcement",
    });
    expect(auditInWords(row("refused", { target: "POST /staff/members" })).about).toEqual({
      text: "POST /staff/members",
    });
  });

  test("an action or a detail this does not know still reads in words, ids as references", () => {
    const line = auditInWords(
      row("theme-changed", { target: SESSION, detail: { enrolOnly: false, previousName: "Ada", by: ENQUIRY } }),
    );
    expect(line.what).toBe("theme changed");
    expect(line.details).toBe("Enrol only: no, previous name: Ada, by: ref 0b7a3c1e");
    expect(line.about).toEqual({ text: "ref xb1uq0sj" });
    expect(humanise(["a", 2, true])).toBe("a, 2, yes");
  });

  test("no row shows a whole id, session id or hash, whatever it holds", () => {
    const ids = [ENQUIRY, GONE, INTEGRATION, SESSION, HASH];
    const rows = [
      row("sign-in", { target: SESSION, detail: { method: "code", enrolOnly: true } }),
      row("sign-out", { target: SESSION }),
      row("session-ended", { target: SESSION }),
      row("passkey-removed", { target: SESSION }),
      row("enquiry-viewed", { target: GONE }),
      row("retry", { target: GONE, detail: { enquiry: GONE, kind: "welcome" } }),
      row("note", { target: ENQUIRY, detail: { noteId: INTEGRATION } }),
      row("access-export", { actor: HASH, actorId: null, target: HASH, detail: { enquiries: 2 } }),
      row("sign-in-locked", { target: HASH, detail: { limit: "address", wrongCodes: 10, windowHours: 1 } }),
      row("sms-retried", { target: INTEGRATION }),
      row("webhook-resent", { target: GONE, detail: { integrationId: GONE, event: "enquiry.received" } }),
      row("something-new", { target: INTEGRATION, detail: { nested: { id: ENQUIRY }, list: [SESSION] } }),
    ];
    const text = rows.map((r) => shown(auditInWords(r, names))).join("\n");
    for (const raw of ids) expect(text).not.toContain(raw);
    // The positive control: the references are there.
    expect(text).toContain(shortRef(SESSION));
    expect(text).toContain(shortRef(HASH));
  });

  test("the ids a page mentions that may have names", () => {
    expect(
      idsToName([
        row("enquiry-viewed", { target: ENQUIRY }),
        row("retry", { target: GONE, detail: { enquiry: ENQUIRY } }),
        row("webhook-resent", { target: GONE, detail: { integrationId: INTEGRATION } }),
        row("sign-in", { target: SESSION }),
      ]),
    ).toEqual({ enquiries: [ENQUIRY], integrations: [INTEGRATION] });
  });
});
