import { layout, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { dsrRoutes } from "./dsr-routes";
import { inboxRoutes } from "./inbox-routes";
import { spamRoutes } from "./spam/routes";

/**
 * The staff console's routes, all under /staff (docs/decisions/009-staff-console.md).
 *
 * `consolePages` sit below the layout route (./layout.tsx), whose middleware
 * lets only signed-in staff through and sets `staffContext`: ADD CONSOLE
 * PAGES THERE (paths relative to /staff). Admin pages call requireAdmin /
 * requireRecentAdmin (~/lib/console/request.server) in their loaders and
 * actions. e2e/staff-access.spec.ts checks every path listed here: signed
 * out it is refused, signed in it passes axe at 1280 and 390 px.
 */
export const consolePages: RouteConfigEntry[] = [
  // The inbox: its index (/staff), an enquiry's page and the CSV export.
  ...inboxRoutes,
  route("account", "routes/staff/account.tsx"),
  route("team", "routes/staff/team.tsx"),
  // Data-subject requests and the audit log (admin only).
  ...dsrRoutes,
  // The site-wide announcement (admin only).
  route("banner", "routes/staff/banner.tsx"),
  ...spamRoutes,
];

/**
 * Pages outside the console layout: signing in (the e-mail code, then the
 * second step), enrolling a second factor (a session from an e-mail code
 * alone reaches only this: ADR 020) and signing out.
 */
export const signedOutPages: RouteConfigEntry[] = [
  route("sign-in", "routes/staff/sign-in.tsx"),
  route("second-step", "routes/staff/second-step.tsx"),
  route("enrol", "routes/staff/enrol.tsx"),
  route("sign-out", "routes/staff/sign-out.tsx"),
];

export const staffRoutes: RouteConfigEntry[] = prefix("staff", [
  ...signedOutPages,
  layout("routes/staff/layout.tsx", consolePages),
]);
