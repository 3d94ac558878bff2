/**
 * Every company fact lives here, once. Pages, the footer, e-mails, the pitch PDF
 * and structured data all read from this module, so the company changes a fact
 * in one place.
 */
export const company = {
  brand: "Maternis",
  tagline: "Digital Health Records for Mothers",
  aiServiceName: "AI-Obs",
  legalName: "Maternis Health Ltd",
  address: {
    street: "Unit 4, Aberdeen Innovation Park, Balgownie Drive",
    locality: "Aberdeen",
    postcode: "AB22 8GU",
    region: "Scotland",
    country: "United Kingdom",
    countryCode: "GB",
  },
  /** Ofcom's range reserved for drama and fiction (+44 131 496 0xxx). */
  telephone: { display: "+44 131 496 0742", e164: "+441314960742" },
  email: {
    enquiries: "hello@maternis.health",
    careers: "careers@maternis.health",
  },
  siteUrl: "https://www.maternis.health",
  copyrightYear: 2025,
  operations: ["United Kingdom", "Ghana", "Nigeria"],
  social: [
    { label: "LinkedIn", url: "https://www.linkedin.com/company/maternis-health" },
    { label: "X (Twitter)", url: "https://x.com/maternishealth" },
  ],
} as const;

/** The postal address on one line: "Unit 4, …, Aberdeen AB22 8GU, Scotland, United Kingdom". */
export function formatAddress(separator = ", ") {
  const a = company.address;
  return [a.street, `${a.locality} ${a.postcode}`, a.region, a.country].join(separator);
}

/** A labelled link to a page of the site: a navigation item, or one button of a call to action. */
export type SiteLink = { label: string; to: string };

/** A call to action's buttons: the main one first, then any others. */
export type Ctas = readonly [SiteLink, ...SiteLink[]];

/** Header navigation, in order. */
export const mainNav: readonly SiteLink[] = [
  { label: "Home", to: "/" },
  { label: "Product", to: "/product" },
  { label: "About", to: "/about" },
  { label: "Our Story", to: "/our-story" },
  { label: "Team", to: "/team" },
  { label: "Impact", to: "/impact" },
  { label: "Investors", to: "/investors" },
  { label: "Contact", to: "/contact" },
];

export const headerCta: SiteLink = { label: "Get in Touch", to: "/contact" };

/** Calls to action that several pages share, each label written once. */
export const sharedCtas = {
  contact: { label: "Contact us", to: "/contact" },
  product: { label: "Explore the product", to: "/product" },
} as const satisfies Record<string, SiteLink>;

/** Footer links, in order. */
export const footerNav: readonly SiteLink[] = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "Our Product", to: "/product" },
  { label: "Our Story", to: "/our-story" },
  { label: "Why Choose Us", to: "/impact" },
  { label: "Contact", to: "/contact" },
  { label: "Investors", to: "/investors" },
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Terms of Service", to: "/terms" },
];
