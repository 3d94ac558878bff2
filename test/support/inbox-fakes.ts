/**
 * The inbox's routes tested against a fake inbox service
 * (app/routes/staff/inbox-routes.test.tsx, enquiry-routes.test.tsx, export-csv.test.ts).
 *
 *   staff: the signed-in member the routes see.
 *   ID, DEAD: an enquiry's id, and its dead-lettered e-mail's.
 *   detail, page: what the fake inbox's get(ID) and list() answer.
 *   fakeInbox(): the inbox service with each method a vi.fn (an export of one batch, one row).
 *   contextWith(inbox): a router context with that inbox, signed in as `staff`.
 *   DataResult: a route's data(...) answer, as a test reads it.
 */
import { vi } from "vitest";
import type { EnquiryDetail, InboxPage } from "../../app/features/inbox/inbox";
import type { Services } from "../../app/site.server";
import type { StaffRequest } from "../../app/routes/staff/access/request.server";
import { consoleContext, fakeConsole } from "./staff-context";

/** A signed-in member of staff (as the layout's middleware leaves it). */
export const staff: StaffRequest = {
  member: { id: "staff-1", email: "ada@maternis.test", name: "Ada", role: "staff" },
  sessionId: "session-1",
  signedInAt: new Date(),
  meta: { fingerprint: "fp-1" },
};

export const ID = "0b7a3c1e-8d0f-4a53-9d7e-0d3f4a7b2c11";
export const DEAD = "9c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5";

export const detail: EnquiryDetail = {
  id: ID,
  kind: "contact",
  receivedAt: new Date("2026-11-23T09:00:00Z"),
  name: "Grace Hopper",
  email: "grace@example.org",
  fields: [
    { key: "name", label: "Full Name", value: "Grace Hopper" },
    { key: "message", label: "Message", value: "Hello" },
  ],
  deliveries: [
    {
      id: DEAD,
      kind: "notification",
      recipient: "enquiries@maternis.test",
      state: "dead",
      stuck: false,
      attempts: 5,
      lastError: "421 try later",
      messageId: `<${ID}.notification@www.maternis.health>`,
      sentAt: null,
      createdAt: new Date("2026-11-23T09:00:00Z"),
    },
    {
      id: "5d6e7f80-1a2b-4c3d-9e4f-5a6b7c8d9e0f",
      kind: "acknowledgement",
      recipient: "grace@example.org",
      state: "sent",
      stuck: false,
      attempts: 1,
      lastError: null,
      messageId: "<provider@mail>",
      sentAt: new Date("2026-11-23T09:00:05Z"),
      createdAt: new Date("2026-11-23T09:00:00Z"),
    },
  ],
  notes: [{ id: "n1", author: "Ada (ada@maternis.test)", body: "Called back", at: new Date("2026-11-23T10:00:00Z") }],
  handled: null,
  assignee: null,
  spamReason: null,
};

export const page: InboxPage = {
  page: 2,
  pages: 3,
  total: 120,
  rows: [
    {
      id: ID,
      receivedAt: new Date("2026-11-23T09:00:00Z"),
      name: "Grace Hopper",
      organisation: null,
      kind: "contact",
      topic: "Partnership Opportunities",
      handled: false,
      assignee: "Ada",
      deliveries: [
        { kind: "notification", state: "dead", stuck: false },
        { kind: "acknowledgement", state: "queued", stuck: true },
      ],
    },
  ],
};

type Inbox = Services["inbox"];

export function fakeInbox() {
  return {
    list: vi.fn<Inbox["list"]>(async () => page),
    get: vi.fn<Inbox["get"]>(async (id) => (id === ID ? detail : null)),
    addNote: vi.fn<Inbox["addNote"]>(async () => ({ ok: true })),
    markHandled: vi.fn<Inbox["markHandled"]>(async () => ({ ok: true })),
    reopen: vi.fn<Inbox["reopen"]>(async () => ({ ok: true })),
    retryDelivery: vi.fn<Inbox["retryDelivery"]>(async (enquiryId, deliveryId) =>
      enquiryId === ID && deliveryId === DEAD ? { ok: true, enquiryId: ID } : { ok: false, reason: "not-dead" },
    ),
    bulk: vi.fn<Inbox["bulk"]>(async (ids) => ({ changed: ids.length - 1, unchanged: 1, missing: 0 })),
    senderNames: vi.fn<Inbox["senderNames"]>(async (ids) =>
      Object.fromEntries(ids.filter((id) => id === ID).map((id) => [id, "Grace Hopper"])),
    ),
    assignees: vi.fn<Inbox["assignees"]>(async () => [
      { id: "staff-1", label: "Ada (ada@maternis.test)", email: "ada@maternis.test" },
      { id: "staff-2", label: "Grace (grace@maternis.test)", email: "grace@maternis.test" },
    ]),
    // One batch (an export is read a batch at a time).
    export: vi.fn<Inbox["export"]>(async () => [
      [
        {
          id: ID,
          receivedAt: new Date("2026-11-23T09:00:00Z"),
          kind: "contact",
          handledAt: null,
          assignee: { name: "Ada", email: "ada@maternis.test" },
          payload: { name: '=HYPERLINK("http://evil","x")', email: "grace@example.org", interest: "partnership" },
          deliveries: { notification: "dead" },
        },
      ],
    ]),
  };
}

export function contextWith(inbox: Inbox) {
  return consoleContext(fakeConsole(undefined, undefined, { inbox }).service, staff);
}

export type DataResult = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };
