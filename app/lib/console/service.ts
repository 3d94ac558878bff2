/**
 * The staff console as its routes reach it: through the router context
 * (`getAppContext(context).console`), implemented under server/staff. Types
 * only, like ../services.ts: no server code reaches the client.
 */
import type { Alerts } from "./alerts";
import type { AuditLog } from "./audit";
import type { BannerEditor } from "./banner";
import type { StaffAuth } from "./auth";
import type { SubjectRequests } from "./subjects";
import type { SpamFolder } from "./spam";
import type { Inbox } from "./inbox";
import type { Integrations } from "./integrations";
import type { TextMessages } from "./messages";

export interface StaffConsole {
  audit: AuditLog;
  /** The site-wide announcement (admins). */
  banner: BannerEditor;
  /** Sign-in, sessions, passkeys and staff management (./auth.ts). */
  auth: StaffAuth;
  /** Data-subject requests (admin only): find, access export, erasure. */
  subjects: SubjectRequests;
  /** The enquiries inbox (./inbox.ts). */
  inbox: Inbox;
  /** The client fingerprint of an address (the same keyed hash the enquiry forms store). */
  fingerprint(ip: string): string;
  /** Suspected spam kept for review (./spam.ts). */
  spam: SpamFolder;
  /** What every console page warns about: dead letters (./alerts.ts). */
  alerts: Alerts;
  /** Webhook, Slack and Teams endpoints (admins) and their delivery logs (./integrations.ts). */
  integrations: Integrations;
  /** Text messages (SMS) the communication endpoint sent (admins; ./messages.ts). */
  messages: TextMessages;
}
