/**
 * The site's page list: one entry per page, used by the route config, the
 * prerender list, the sitemap, per-page meta tags and the end-to-end tests.
 * Keep this module free of imports so the build config can load it.
 */
type PageEntry = {
  path: string;
  /** Route module, relative to app/. */
  file: string;
  /** Document title (the brand is appended, except on the home page). */
  title: string;
  /** Meta description: one or two sentences, under 160 characters. */
  description: string;
  /** Rendered to static HTML at build time (no request data needed). */
  prerender: boolean;
};

export const pages = [
  {
    path: "/",
    file: "routes/home/route.tsx",
    title: "Maternis | Digital Health Records for Mothers",
    description:
      "Maternis replaces paper antenatal cards with secure, portable digital maternal records, AI-Obs risk insights and wearable monitoring.",
    prerender: true,
  },
  {
    path: "/product",
    file: "routes/product/route.tsx",
    title: "Product",
    description:
      "Digital antenatal and postnatal records, AI-Obs risk insights, wearable integration and patient-owned data, FHIR compatible and NHS aligned.",
    prerender: true,
  },
  {
    path: "/dashboard",
    file: "routes/dashboard/route.tsx",
    title: "Demo Dashboard",
    description:
      "A demo interface of the Maternis facility dashboard with sample data: active patients, high-risk pregnancies, appointments and alerts.",
    prerender: true,
  },
  {
    path: "/about",
    file: "routes/about/route.tsx",
    title: "About Us",
    description:
      "Maternis Health is an Aberdeen health-technology company working in Ghana and Nigeria to make every pregnancy record safe, portable and owned by the mother.",
    prerender: true,
  },
  {
    path: "/our-story",
    file: "routes/our-story/route.tsx",
    title: "Our Story",
    description:
      "Why a midwife's lost antenatal card became the start of Maternis, and the milestones from the first prototype to the pilot.",
    prerender: true,
  },
  {
    path: "/impact",
    file: "routes/impact/route.tsx",
    title: "Impact",
    description:
      "How Maternis supports UN SDG 3.1, 3.7 and 3.8: fewer preventable maternal deaths through complete records and early risk insight.",
    prerender: true,
  },
  {
    path: "/global",
    file: "routes/global/route.tsx",
    title: "Global Presence",
    description:
      "Maternis is headquartered in Aberdeen, Scotland, with operations in Ghana and Nigeria, and a four-phase plan to take patient-owned maternal records worldwide.",
    prerender: true,
  },
  {
    path: "/vision",
    file: "routes/vision/route.tsx",
    title: "Our Vision",
    description:
      "A world where every mother carries a complete, secure pregnancy record, and no woman dies of a preventable complication for lack of information.",
    prerender: true,
  },
  {
    path: "/contact",
    file: "routes/contact/route.tsx",
    title: "Contact Us",
    description:
      "Talk to the Maternis team about pilots, partnerships, implementation or pricing. We respond within one business day.",
    prerender: false,
  },
  {
    path: "/demo",
    file: "routes/demo/route.tsx",
    title: "Request a Demo",
    description:
      "Book a 30-minute walkthrough of Maternis digital maternal records and AI-Obs risk insights for your facility, ministry or organisation.",
    prerender: false,
  },
  {
    path: "/advisory",
    file: "routes/advisory/route.tsx",
    title: "Join the Health Advisory Network",
    description:
      "Midwives, doctors, policy makers and NGO professionals: help shape Maternis by joining the Health Advisory Network.",
    prerender: false,
  },
  {
    path: "/investors",
    file: "routes/investors/route.tsx",
    title: "Investors",
    description:
      "Invest in secure SaaS for maternal health: the problem, our solution, the first national pilot and our roadmap to 2027 and beyond.",
    prerender: true,
  },
  {
    path: "/privacy",
    file: "routes/privacy/route.tsx",
    title: "Privacy Policy",
    description:
      "How Maternis Health Ltd collects, uses, keeps and protects the information you send through this website, and your rights under UK GDPR.",
    prerender: true,
  },
  {
    path: "/terms",
    file: "routes/terms/route.tsx",
    title: "Terms of Service",
    description:
      "The terms for using the Maternis platform and this website: accounts, acceptable use, HIPAA and BAAs, subscriptions, liability and Scots law.",
    prerender: true,
  },
  {
    path: "/team",
    file: "routes/team/route.tsx",
    title: "Our Team | Leadership",
    description:
      "Meet the Maternis leadership team: clinicians, engineers and product people building digital maternal records for Ghana, Nigeria and the UK.",
    prerender: true,
  },
] as const satisfies readonly PageEntry[];

export type PagePath = (typeof pages)[number]["path"];

export const prerenderedPaths: string[] = pages.filter((p) => p.prerender).map((p) => p.path);

export function getPage(path: PagePath): PageEntry {
  const page = pages.find((p) => p.path === path);
  if (!page) throw new Error(`Unknown page ${path}`);
  return page;
}

const publicPaths = new Set<string>(pages.map((page) => page.path));

/** The page a path of this site is (the path itself), or null when it is none of the pages. */
export function pagePathOf(path: string): string | null {
  return publicPaths.has(path) ? path : null;
}
