import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";
import { pages } from "./pages";
import { spamRoutes } from "./routes/staff/spam/routes";

export default [
  ...pages.map((page) => (page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file))),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("site.webmanifest", "routes/resources/manifest.ts"),
  // Until the console's layout (app/routes/staff/routes.ts) takes them in.
  ...prefix("staff", spamRoutes),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
