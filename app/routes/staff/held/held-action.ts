import type { HeldAction } from "~/features/sign-in/index.server";

/**
 * A held change in words, for "check your answers" (issue 43): what it does
 * (by the page and the form's intent) and the fields a person typed or
 * chose, by their labels. Other fields (ids, hidden values) are posted again
 * but not shown; nothing secret (a webhook address, a code) is ever shown.
 */
const changes: Record<string, Record<string, string>> = {
  "/staff/members": {
    add: "Add a member of staff",
    role: "Change a member's role",
    "end-sessions": "Sign a member out everywhere",
    "reset-factors": "Reset a member's sign-in",
    remove: "Remove a member of staff",
    "lift-member": "Lift a pause on a member's code sign-in",
    "lift-client": "Lift a pause on a client's code sign-in",
  },
  "/staff/account": {
    "start-app": "Set up an authenticator app",
    "remove-app": "Remove your authenticator app",
    "new-recovery-codes": "Make new recovery codes",
    remove: "Remove a passkey",
    "end-session": "End one of your sessions",
    "sign-out-everywhere": "Sign out everywhere",
  },
  "/staff/data-requests/erase": { erase: "Erase everything held about a person" },
};

const shown: Record<string, string> = {
  name: "Name",
  email: "E-mail address",
  role: "Role",
  label: "Name",
};

const roles: Record<string, string> = { admin: "Admin", staff: "Staff" };

export type HeldView = { path: string; change: string; rows: [string, string][]; fields: [string, string][] };

export function describeHeld(held: HeldAction): HeldView {
  const pathname = new URL(held.path, "http://console.invalid").pathname;
  const intent = held.fields.find(([name]) => name === "intent")?.[1] ?? "";
  const change = changes[pathname]?.[intent] ?? "The change you were making on this page";
  const rows = held.fields.flatMap(([name, value]): [string, string][] => {
    const label = shown[name];
    if (!label || !value.trim()) return [];
    return [[label, name === "role" ? (roles[value] ?? value) : value]];
  });
  return { path: held.path, change, rows, fields: held.fields };
}
