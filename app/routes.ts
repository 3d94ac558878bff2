import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { pages } from "./pages";
import { staffRoutes } from "./routes/staff/routes";

export default [
  ...pages.map((page) => (page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file))),
  ...staffRoutes,
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("site.webmanifest", "routes/resources/manifest.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
