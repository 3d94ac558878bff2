/** Staff sign-in: better-auth, e-mail codes, second factors, sessions, and the accounts the members feature manages. */
export {
  createStaffAuth,
  servesConsole,
  consoleOrigins,
  COOKIE_NAME,
  type StaffAuth,
  type StaffAuthDeps,
} from "./auth.server";
export { toMember } from "./auth-config.server";
export type { SignInPause } from "./sign-in";
export type { HeldAction } from "./held-actions.server";
export { reencryptAuthSecrets } from "./keys.server";
export { staffUsers } from "./tables.server";
