import type { MetaDescriptor } from "react-router";
import { company } from "~/platform/company";
import { getPage, type PagePath } from "~/pages";

/** Absolute URL on the canonical site for a path ("/about" → "https://…/about"). */
export function absoluteUrl(path: string) {
  return new URL(path, company.siteUrl).toString();
}

function documentTitle(path: PagePath) {
  const page = getPage(path);
  return path === "/" ? page.title : `${page.title} | ${company.brand}`;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter tags for a page,
 * all from the page list in app/pages.ts. Every route's `meta` uses this.
 */
export function pageMeta(path: PagePath, extra: MetaDescriptor[] = []): MetaDescriptor[] {
  const page = getPage(path);
  const title = documentTitle(path);
  const url = absoluteUrl(path);
  const image = absoluteUrl("/og-image.png");
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: company.brand },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${company.brand}: ${company.tagline}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...extra,
  ];
}

/** Meta for pages that are not in the page list (404 and error screens). */
export function plainMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${company.brand}` }, { name: "robots", content: "noindex" }];
}
