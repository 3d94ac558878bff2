/** Staff sign-in: better-auth, e-mail codes, second factors, sessions and members. */
export { createStaffAuth, servesConsole, consoleOrigins, COOKIE_NAME, type StaffAuthDeps } from "./auth.server";
export { reencryptAuthSecrets } from "./keys.server";
export { staffUsers } from "./tables.server";
