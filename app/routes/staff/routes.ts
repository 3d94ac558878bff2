import { index, layout, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { consoleSections } from "../../features/console/sections";

/**
 * The staff console's routes, all under /staff (docs/decisions/009-staff-console.md).
 *
 * `consolePages` sit below the layout route (./layout.tsx), whose middleware
 * lets only signed-in staff through and sets `staffContext`. They come from
 * the section list in ~/features/console/sections.ts, which the menu is built from too: add
 * console pages there.
 */
export const consolePages: RouteConfigEntry[] = consoleSections.flatMap((section) =>
  Object.entries(section.pages).map(([path, file]) => (path === "" ? index(file) : route(path, file))),
);

/**
 * Pages outside the console layout: signing in (the e-mail code, then the
 * second step), enrolling a second factor (a session from an e-mail code
 * alone reaches only this: ADR 020) and signing out.
 */
export const signedOutPages: RouteConfigEntry[] = [
  route("sign-in", "routes/staff/sign-in/route.tsx"),
  route("second-step", "routes/staff/second-step.tsx"),
  route("enrol", "routes/staff/enrol.tsx"),
  route("sign-out", "routes/staff/sign-out.tsx"),
];

export const staffRoutes: RouteConfigEntry[] = prefix("staff", [
  ...signedOutPages,
  layout("routes/staff/layout.tsx", consolePages),
]);
