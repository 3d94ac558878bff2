import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The inbox's routes: children of the console's layout route
 * (app/routes/staff/layout.tsx, whose middleware signs the request in), under /staff.
 */
export const inboxRoutes: RouteConfigEntry[] = [
  index("routes/staff/inbox/route.tsx"),
  route("enquiries/:id", "routes/staff/enquiry/route.tsx"),
  route("export.csv", "routes/staff/export-csv.ts"),
];
