import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

/** Module ids under any of these paths (folders, or files with their extension). */
const modules = (...paths: string[]) => new RegExp(`/(${paths.join("|")})(/|\\?|$)`);

/**
 * A few chunks instead of dozens. On a slow mobile connection every request
 * costs a round trip, and the first ones compete with the stylesheet for the
 * first paint (npm run bench:pages; docs/decisions/006-page-weight.md):
 * the framework, the code most pages share, the enquiry forms, and one chunk
 * per route for what only it uses.
 */
const formsCode = modules(
  "app/components/forms",
  "app/components/ui/(field|error-summary|toaster)\\.tsx",
  "app/lib/(enquiry-fields|form-guard)\\.ts",
);
const sharedSiteCode = modules("app/(components|lib|content)", "node_modules");

const clientChunks = {
  groups: [
    {
      name: "framework",
      test: modules("node_modules/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)"),
      priority: 30,
    },
    {
      // Before "forms": a group takes its modules' dependencies along, and the
      // forms' buttons and icons belong with the rest of the site's.
      name: "site",
      test: (id: string) => sharedSiteCode.test(id) && !formsCode.test(id),
      minShareCount: 2,
      // One chunk per set of pages sharing code (small ones merged), so no
      // page downloads the content of two others.
      entriesAware: true,
      entriesAwareMergeThreshold: 4000,
      priority: 20,
    },
    { name: "forms", test: formsCode, priority: 10 },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // Assets are served with long-lived immutable caching; keep hashes stable.
    assetsInlineLimit: 0,
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            output: {
              codeSplitting: clientChunks,
              // "site~root~route~route~…" names the pages sharing a chunk: too long for a URL.
              chunkFileNames: ({ name }: { name: string }) =>
                `assets/${name.startsWith("site~") ? "site" : name}-[hash].js`,
            },
          },
        }),
  },
}));
