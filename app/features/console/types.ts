/**
 * The staff console's vocabulary, shared by its routes (app/routes/staff)
 * and their implementation (the features' services, app/site.server.ts). Types and constants only: nothing
 * here reaches a public page.
 */
export const staffRoles = ["admin", "staff"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** A role as the console names it. */
export const staffRoleLabels: Record<StaffRole, string> = { admin: "Admin", staff: "Staff" };

/** A signed-in member of staff, as the console's routes see them. */
export type StaffMember = { id: string; email: string; name: string; role: StaffRole };

/**
 * Who made a request, for the audit log: a member of staff, (signed out) an
 * address or nobody, or the operator at the shell (`npm run enquiries`).
 */
export type Actor = { member: StaffMember } | { email: string } | { operator: "cli" } | null;

/** The request being served: its client fingerprint (never the raw address). */
export type RequestMeta = { fingerprint: string };
