import type { AuditRecord } from "~/features/audit/audit";
import type { Services } from "~/site.server";
import { idsToName, noNames, type AuditNames } from "./words";

/**
 * What the console still knows of the people, enquiries and integrations a
 * page of audit rows mentions (./words.ts names them; anything not found
 * is shown as a short reference).
 */
export async function auditNames(services: Services, rows: readonly AuditRecord[]): Promise<AuditNames> {
  // An empty page mentions nobody: nothing to look up.
  if (rows.length === 0) return noNames;
  const ids = idsToName(rows);
  const [members, enquiries, integrations] = await Promise.all([
    services.inbox.assignees(),
    services.inbox.senderNames(ids.enquiries),
    ids.integrations.length > 0 ? services.integrations.list() : [],
  ]);
  return {
    members: Object.fromEntries(members.map((member) => [member.id, member.label])),
    // An address kept only as its keyed hash (a code asked for, a sign-in that failed) may be a member's.
    addresses: Object.fromEntries(members.map((member) => [services.audit.subjectHash(member.email), member.label])),
    enquiries,
    integrations: Object.fromEntries(integrations.map((integration) => [integration.id, integration.name])),
  };
}
