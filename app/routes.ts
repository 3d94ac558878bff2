import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";
import { dsrRoutes } from "./routes/staff/dsr-routes";
import { pages } from "./pages";

export default [
  ...pages.map((page) => (page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file))),
  // TEMPORARY (h-dsr until h-auth lands): these belong inside the staff layout.
  ...prefix("staff", dsrRoutes),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("site.webmanifest", "routes/resources/manifest.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
