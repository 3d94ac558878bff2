import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";
import { pages } from "./pages";
import { inboxRoutes } from "./routes/staff/inbox-routes";

export default [
  ...pages.map((page) => (page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file))),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("site.webmanifest", "routes/resources/manifest.ts"),
  // TEMPORARY until the console layout (h-auth) lands: the inbox routes belong inside its layout route.
  ...prefix("staff", inboxRoutes),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
