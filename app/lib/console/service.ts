/**
 * The staff console as its routes reach it: through the router context
 * (`getAppContext(context).console`), implemented under server/staff. Types
 * only, like ../services.ts: no server code reaches the client.
 */
import type { AuditLog } from "./audit";
import type { StaffAuth } from "./auth";
import type { Inbox } from "./inbox";

export interface StaffConsole {
  audit: AuditLog;
  /** Sign-in, sessions, passkeys and staff management (./auth.ts). */
  auth: StaffAuth;
  /** The enquiries inbox (./inbox.ts). */
  inbox: Inbox;
  /** The client fingerprint of an address (the same keyed hash the enquiry forms store). */
  fingerprint(ip: string): string;
}
