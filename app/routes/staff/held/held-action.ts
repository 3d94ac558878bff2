import type { HeldAction } from "~/features/sign-in/index.server";
import { integrationKindLabels } from "~/features/integrations/integrations";
import { staffRoleLabels } from "~/features/console/types";

/**
 * A held change in words, for "check your answers" (issue 43): what it does
 * (by the page and the form's intent) and the fields a person typed or
 * chose, by their labels, and whom it is for (`target`). Other fields (ids,
 * hidden values, an integration's address) are posted again but not shown;
 * nothing secret (a webhook address, a code) is ever shown.
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
  "/staff/spam/:id": { delete: "Delete an enquiry for good" },
  // Adding posts no intent.
  "/staff/integrations": { "": "Add an integration" },
  "/staff/integrations/:id": {
    save: "Change an integration",
    delete: "Delete an integration",
    "delete-confirmed": "Delete an integration",
    rotate: "Replace an integration's signing secret",
    "rotate-confirmed": "Replace an integration's signing secret",
  },
};

/** The page a held path is, as `changes` names it: one integration's or spam post's page by its pattern. */
const pageOf = (pathname: string) => pathname.replace(/^\/staff\/(integrations|spam)\/[^/]+$/, "/staff/$1/:id");

const shown: Record<string, string> = {
  name: "Name",
  email: "E-mail address",
  role: "Role",
  label: "Name",
  kind: "Kind",
};

/** Chosen values in words, by field. */
const chosen: Record<string, Record<string, string>> = {
  role: staffRoleLabels,
  kind: integrationKindLabels,
};

export type HeldView = { path: string; change: string; rows: [string, string][]; fields: [string, string][] };

/**
 * `target`: whom or what the change is for, in words, when its fields name
 * it only by an id (a member, an integration): shown first, so that no
 * change is confirmed without saying whom it affects.
 */
export function describeHeld(held: HeldAction, target?: [string, string]): HeldView {
  const pathname = new URL(held.path, "http://console.invalid").pathname;
  const intent = held.fields.find(([name]) => name === "intent")?.[1] ?? "";
  const change = changes[pageOf(pathname)]?.[intent] ?? "The change you were making on this page";
  const rows = held.fields.flatMap(([name, value]): [string, string][] => {
    const label = shown[name];
    if (!label || !value.trim()) return [];
    return [[label, chosen[name]?.[value] ?? value]];
  });
  return { path: held.path, change, rows: target ? [target, ...rows] : rows, fields: held.fields };
}
