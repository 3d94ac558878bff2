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
 * the framework; the code most pages share ("site"); code that only a few
 * pages share (the enquiry forms, the product screens, the team), kept with
 * those pages; and one chunk per route for what only it uses.
 *
 * A group takes its modules' dependencies along, so "site" is formed before
 * the few-page groups: the buttons and icons a form uses belong to the site.
 */
const fewPageGroups = {
  forms: modules(
    "app/components/forms",
    "app/components/ui/(field|error-summary|toaster)\\.tsx",
    "app/components/ui/toast-durations\\.ts",
    "app/lib/(enquiry-fields|enquiry-kinds|form-guard)\\.ts",
  ),
  product: modules("app/components/product-screens", "app/content/product\\.ts"),
  team: modules("app/components/team", "app/content/team\\.ts"),
};
const sharedSiteCode = modules("app/(components|lib|content)", "node_modules");

const clientChunks = {
  groups: [
    {
      name: "framework",
      test: modules("node_modules/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)"),
      priority: 30,
    },
    {
      name: "site",
      test: (id: string) => sharedSiteCode.test(id) && !Object.values(fewPageGroups).some((group) => group.test(id)),
      minShareCount: 2,
      priority: 20,
    },
    ...Object.entries(fewPageGroups).map(([name, test]) => ({ name, test, priority: 10 })),
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
            },
          },
        }),
  },
}));
