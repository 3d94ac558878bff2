/** The members feature's server face: the team's management, as the site wires it (app/site.server.ts). */
export { createMembersService, type MembersDeps, type MembersService } from "./members.server";
export type { MemberSummary } from "./members";
