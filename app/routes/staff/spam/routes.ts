import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The Spam view's routes, inside the console's layout (paths relative to /staff). */
export const spamRoutes: RouteConfigEntry[] = [
  route("spam", "routes/staff/spam/route.tsx"),
  route("spam/:id", "routes/staff/spam/item.tsx"),
];
