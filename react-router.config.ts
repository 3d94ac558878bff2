import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/pages";

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (e.g. screenshots during development) use their own folder,
  // inside the project: the server build imports its packages from node_modules (prerendering
  // fails with a 500 from a folder such as /tmp).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every page that needs no request data is rendered to static HTML at build
  // time (see docs/decisions/002-rendering-and-server.md). The enquiry pages are rendered
  // per request because they carry a signed anti-spam timestamp.
  prerender: {
    paths: [...prerenderedPaths, "/sitemap.xml", "/robots.txt", "/site.webmanifest"],
    concurrency: 2,
  },
} satisfies Config;
