import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The data-subject request and audit pages (admin only), relative to /staff:
 * children of the console's layout route, whose middleware signs requests in.
 */
export const dsrRoutes: RouteConfigEntry[] = [
  route("subjects", "routes/staff/subjects/route.tsx"),
  route("subjects/export", "routes/staff/subjects/export.ts"),
  route("subjects/erase", "routes/staff/subjects/erase.tsx"),
  route("audit", "routes/staff/audit/route.tsx"),
];
