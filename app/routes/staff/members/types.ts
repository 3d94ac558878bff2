import type { StaffRole } from "~/features/console/types";

/** What was typed in "Add a member of staff", given back with its errors. */
export type Values = { name: string; email: string; role: StaffRole };

/** What a form on the "Members" page answers: what was done, or its errors (for the error summary). */
export type ActionResult =
  { ok: true; message: string } | { ok: false; errors: { field: string; message: string }[]; values?: Values };

/** The id of "End every session"'s confirming checkbox: the error summary links to it. */
export const END_EVERY_SESSION_CONFIRM = "end-every-session-confirm";
