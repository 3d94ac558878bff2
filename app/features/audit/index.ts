/** The audit feature's face to the other features: what they may use of it (its contract). */
export { type AuditAction, type AuditEntry, type StaffAct } from "./audit";
