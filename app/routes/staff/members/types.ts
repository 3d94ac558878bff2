import type { StaffRole } from "~/features/console/types";

/** What was typed in "Add a member of staff", given back with its errors. */
export type Values = { name: string; email: string; role: StaffRole };

/** What a form on the "Members" page answers: what was done, or its errors (for the error summary). */
export type ActionResult =
  { ok: true; message: string } | { ok: false; errors: { field: string; message: string }[]; values?: Values };

/** The changes to a member that ask for a confirmation page first (./confirm-member.tsx). */
export const confirmedIntents = ["remove", "reset-factors"] as const;
export type ConfirmedIntent = (typeof confirmedIntents)[number];

export function isConfirmedIntent(value: unknown): value is ConfirmedIntent {
  return typeof value === "string" && (confirmedIntents as readonly string[]).includes(value);
}

/** The confirmation page of a change to member `id` (./confirm-member.tsx), scrolled to its heading. */
export const confirmPath = (intent: ConfirmedIntent, id: string) =>
  `/staff/members?${new URLSearchParams({ confirm: intent, id })}#confirm-member-heading`;

/** The id of "End every session"'s confirming checkbox: the error summary links to it. */
export const END_EVERY_SESSION_CONFIRM = "end-every-session-confirm";
