import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { readFileSync } from "node:fs";
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
 * Only the enquiry pages and the staff console run React in the browser
 * (docs/decisions/011-content-without-framework-js.md), so "site" holds only
 * shared code that the root layout or an enquiry page needs: what only the
 * console shares goes to "console", and what only content pages share (their
 * sections, figures and icons, which a browser loads only if the router ever
 * draws a content page in place) to "content". Which pages need a module is
 * read from the module graph as the chunks are formed (`pagesNeeding`).
 *
 * A group takes its modules' dependencies along, so "site" is formed before
 * the others: the buttons and icons a form uses belong to the site.
 */
const fewPageGroups = {
  forms: modules(
    "app/features/enquiries/form",
    "app/components/ui/(field|error-summary|toaster)\\.tsx",
    "app/components/ui/toast-durations\\.ts",
    "app/features/enquiries/(fields|kinds|form-guard)\\.ts",
    "app/platform/action-result\\.ts",
  ),
  product: modules("app/components/product-screens", "app/content/product\\.ts"),
  team: modules("app/components/team", "app/content/team\\.ts"),
};
const sharedSiteCode = modules("app/(components|lib|content|platform|features)", "node_modules");
const inFewPageGroup = (id: string) => Object.values(fewPageGroups).some((group) => group.test(id));

/** The kinds of page whose route modules (the client build's entries) import a module, directly or not. */
type PageKind = "layout" | "enquiry" | "console" | "content";
type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
};

const appDir = fileURLToPath(new URL("./app/", import.meta.url));
const entryKinds = new Map<string, PageKind>();
/** A route module's kind: the root layout, a console page, a content page (route handle `contentPage`), or an enquiry page. */
function entryKind(id: string): PageKind {
  let kind = entryKinds.get(id);
  if (!kind) {
    const file = id.split("?")[0]!;
    const relative = file.startsWith(appDir) ? file.slice(appDir.length) : file;
    if (!file.startsWith(appDir) || relative === "root.tsx" || relative.startsWith("entry.")) kind = "layout";
    else if (relative.startsWith("routes/staff/")) kind = "console";
    else if (/export\s*\{\s*(contentPage|formPage) as handle\s*\}/.test(readFileSync(file, "utf8"))) kind = "content";
    else kind = "enquiry";
    entryKinds.set(id, kind);
  }
  return kind;
}

const moduleKinds = new Map<string, ReadonlySet<PageKind>>();
function pagesNeeding(id: string, graph: ModuleGraph): ReadonlySet<PageKind> {
  const known = moduleKinds.get(id);
  if (known) return known;
  const kinds = new Set<PageKind>();
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.pop()!;
    const info = graph.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) kinds.add(entryKind(current));
    for (const importer of [...info.importers, ...info.dynamicImporters]) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  moduleKinds.set(id, kinds);
  return kinds;
}
/** The chunk of a shared module: returns null to leave it to the next group (or to the route that alone uses it). */
const neededBy =
  (name: string, wanted: (kinds: ReadonlySet<PageKind>) => boolean, test: (id: string) => boolean) =>
  (id: string, graph: ModuleGraph) => (test(id) && wanted(pagesNeeding(id, graph)) ? name : null);
const hydratedPublicPage = (kinds: ReadonlySet<PageKind>) => kinds.has("layout") || kinds.has("enquiry");

const clientChunks = {
  groups: [
    {
      name: "framework",
      test: modules("node_modules/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)"),
      priority: 30,
    },
    {
      name: neededBy("site", hydratedPublicPage, (id) => sharedSiteCode.test(id) && !inFewPageGroup(id)),
      minShareCount: 2,
      priority: 20,
    },
    ...Object.entries(fewPageGroups).map(([name, test]) => ({ name, test, priority: 10 })),
    {
      name: neededBy(
        "console",
        (kinds) => kinds.has("console") && !hydratedPublicPage(kinds),
        (id) => sharedSiteCode.test(id),
      ),
      minShareCount: 2,
      priority: 5,
    },
    {
      name: neededBy(
        "content",
        (kinds) => kinds.size === 1 && kinds.has("content"),
        (id) => sharedSiteCode.test(id),
      ),
      minShareCount: 2,
      priority: 5,
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  // lucide-react is one 1.3 MB module of every icon: bundled, the server build
  // holds only the icons the pages draw (docs/decisions/025-memory-recovery-and-load.md).
  ssr: { noExternal: ["lucide-react"] },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The scripts imported with `?worker&url` (app/enhance/content-page.ts,
  // app/islands/main.tsx) are module scripts, not workers: as ES modules the
  // islands' script can load the toasts' code (sonner) as a chunk of its own,
  // on a visitor's first focus on a form.
  worker: {
    format: "es" as const,
    // V8's compile hint: compile all of the islands' script (React DOM) while it streams in, off the main
    // thread, instead of each function on the main thread when first called (docs/decisions/015-form-islands.md).
    rolldownOptions: {
      output: {
        postBanner: (chunk: { name: string; isEntry: boolean }) =>
          chunk.isEntry && chunk.name === "main" ? "//# allFunctionsCalledOnLoad" : "",
      },
    },
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
