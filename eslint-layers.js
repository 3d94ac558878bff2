/**
 * The layers of the code, bottom up (docs/decisions/023-by-feature.md), as
 * an ESLint rule: every import, type imports included, may only point down.
 *
 * 1. The platform (app/platform): imports nothing else of the app.
 * 2. The UI kit (app/components/ui) and the copy (app/content): the platform
 *    and each other.
 * 3. The features (app/features/<name>), in FEATURE_ORDER: a feature imports
 *    the two layers below, its own files, and a feature before it only
 *    through that feature's face: `~/features/<name>` (its index.ts, client
 *    safe), `~/features/<name>/index.server`, or its tables
 *    (`~/features/<name>/tables.server`, for foreign keys). No circle can form.
 * 4. The site: routes, the router context and the site's composition
 *    (app/site.server.ts), the layout, islands and the rest of app/. It may
 *    import any of the above; nothing below imports it.
 * 5. The processes and the HTTP plumbing (server/): nothing under app/ imports them.
 *
 * Tests are outside the rule: a test may set up what it needs from anywhere.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The features, bottom up: each may use those before it. */
export const FEATURE_ORDER = [
  "console",
  "audit",
  "enquiries",
  "integrations",
  "text-messages",
  "communication-api",
  "backups",
  "sign-in",
  "members",
  "inbox",
  "spam",
  "alerts",
  "digest",
  "data-requests",
  "banner",
  "traffic",
];

const root = path.dirname(fileURLToPath(import.meta.url));

/** Where a repository-relative path sits: its layer, and for a feature its name. */
function placeOf(file) {
  if (file.startsWith("server/")) return { layer: "processes" };
  if (file.startsWith("app/platform/")) return { layer: "platform" };
  if (file.startsWith("app/components/ui/") || file.startsWith("app/content/")) return { layer: "kit" };
  const feature = /^app\/features\/([^/]+)(\/|$)/.exec(file);
  if (feature) return { layer: "feature", feature: feature[1] };
  if (file.startsWith("app/")) return { layer: "site" };
  return { layer: "outside" };
}

const RANK = { platform: 1, kit: 2, feature: 3, site: 4, processes: 5, outside: 6 };

/** The repository-relative path an import names (without extension), or null for a package. */
function targetOf(importer, specifier) {
  const bare = specifier.split("?")[0];
  let absolute;
  if (bare.startsWith("~/")) absolute = path.join(root, "app", bare.slice(2));
  else if (bare.startsWith(".")) absolute = path.resolve(path.dirname(importer), bare);
  else return null;
  return path
    .relative(root, absolute)
    .replace(/\.(tsx?|js|mjs)$/, "")
    .split(path.sep)
    .join("/");
}

/** Why an import is refused, or null. */
export function refusal(importerFile, target) {
  const from = placeOf(importerFile);
  const to = placeOf(target);
  if (to.layer === "processes" && from.layer !== "processes")
    return "nothing under app/ imports server/ (the processes)";
  if (from.layer === "feature" && to.layer === "feature") {
    if (from.feature === to.feature) return null;
    // A feature's tables are part of its face: another feature's tables may
    // point at them (foreign keys), and drizzle-kit reads the tables alone.
    const face = ["", "/index", "/index.server", "/tables.server"].some(
      (door) => target === `app/features/${to.feature}${door}`,
    );
    if (!face)
      return `another feature only through its face: ~/features/${to.feature}, ~/features/${to.feature}/index.server or its tables.server`;
    const a = FEATURE_ORDER.indexOf(from.feature);
    const b = FEATURE_ORDER.indexOf(to.feature);
    if (a < 0 || b < 0)
      return `every feature has its place in FEATURE_ORDER (eslint-layers.js): ${a < 0 ? from.feature : to.feature} has none`;
    if (b > a)
      return `${from.feature} comes before ${to.feature} in FEATURE_ORDER (eslint-layers.js): it may not use it`;
    return null;
  }
  if (RANK[to.layer] > RANK[from.layer])
    return `the ${from.layer} may not import the ${to.layer} (an arrow pointing up)`;
  return null;
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "Imports point down the layers: platform, kit and copy, features in order, site, processes." },
    schema: [],
    messages: { up: "{{why}} ({{specifier}})." },
  },
  create(context) {
    const importer = path.relative(root, context.filename).split(path.sep).join("/");
    const check = (node, specifier) => {
      if (typeof specifier !== "string") return;
      const target = targetOf(context.filename, specifier);
      if (!target) return;
      const why = refusal(importer, target);
      if (why) context.report({ node, messageId: "up", data: { why, specifier } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

export default { rules: { imports: rule } };
