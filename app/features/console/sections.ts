/**
 * The staff console's sections, in menu order: each one's menu label, who
 * sees it, and its pages (paths relative to
 * /staff, each with its route module). The route config (~/routes/staff/routes.ts), the
 * menu (./console-shell.tsx) and the access checks
 * of e2e/staff-access.spec.ts all come from this one list: ADD A
 * CONSOLE PAGE HERE. Admin pages also call requireAdmin or
 * requireRecentAdmin (~/routes/staff/access/request.server) in their loaders and
 * actions. e2e/staff-access.spec.ts checks every page listed: signed out it
 * is refused, signed in it passes axe at 1280 and 390 px.
 *
 * Plain data with no imports: the route config reads it at build time, the
 * browser's menu and the server at run time.
 */
export type ConsoleSection = {
  /** The menu's words. */
  label: string;
  /** Where the menu item goes: "" is /staff itself (the inbox). */
  path: string;
  /** Shown to admins only. */
  admin?: boolean;
  /** Page path (relative to /staff; "" is the index) → route module. The first is the menu item's page. */
  pages: Record<string, string>;
};

export const consoleSections = [
  {
    label: "Inbox",
    path: "",
    pages: {
      "": "routes/staff/inbox/route.tsx",
      "enquiries/:id": "routes/staff/enquiry/route.tsx",
      "export.csv": "routes/staff/export-csv.ts",
    },
  },
  {
    label: "Spam",
    path: "spam",
    pages: { spam: "routes/staff/spam/route.tsx", "spam/:id": "routes/staff/spam/item.tsx" },
  },
  { label: "Traffic", path: "traffic", pages: { traffic: "routes/staff/traffic/route.tsx" } },
  {
    label: "Data requests",
    path: "data-requests",
    admin: true,
    pages: {
      "data-requests": "routes/staff/data-requests/route.tsx",
      "data-requests/export": "routes/staff/data-requests/export.ts",
      "data-requests/erase": "routes/staff/data-requests/erase.tsx",
    },
  },
  { label: "Audit log", path: "audit", admin: true, pages: { audit: "routes/staff/audit/route.tsx" } },
  { label: "Members", path: "members", admin: true, pages: { members: "routes/staff/members/route.tsx" } },
  { label: "Banner", path: "banner", admin: true, pages: { banner: "routes/staff/banner.tsx" } },
  {
    label: "Text messages",
    path: "text-messages",
    admin: true,
    pages: { "text-messages": "routes/staff/text-messages.tsx" },
  },
  {
    label: "Integrations",
    path: "integrations",
    admin: true,
    pages: {
      integrations: "routes/staff/integrations/route.tsx",
      "integrations/:id": "routes/staff/integrations/item.tsx",
    },
  },
  {
    label: "Account",
    path: "account",
    pages: {
      account: "routes/staff/account/route.tsx",
      "account/recovery-codes.txt": "routes/staff/account/recovery-codes.ts",
      "account/held-change": "routes/staff/held/cancel.ts",
    },
  },
] as const satisfies readonly ConsoleSection[];

/** The console's menu: one item per section, for `role`'s member. */
export function consoleMenu(role: "admin" | "staff") {
  return consoleSections
    .filter((section: ConsoleSection) => !section.admin || role === "admin")
    .map((section) => ({
      to: section.path ? `/staff/${section.path}` : "/staff",
      label: section.label,
      // The inbox's item is current on /staff only, not on every console page below it.
      end: section.path === "",
    }));
}
