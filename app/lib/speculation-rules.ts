/**
 * Speculation Rules for every page (docs/decisions/011-content-without-framework-js.md):
 * a same-origin link is prefetched while the pointer rests on it or goes down
 * on it, and the header's links are prerendered with moderate eagerness (on
 * hover), so a content page, loaded as a document, still opens at once.
 * Browsers without them, and Chrome in data-saver or energy-saver mode, just
 * load the next page. Never the staff console (its links act on a session),
 * downloads or links that leave the tab.
 *
 * Rendered as an inline script whose SHA-256 hash is part of every
 * Content-Security-Policy (server/security.ts): keep it static.
 */
const sameSiteLinks = {
  and: [
    { href_matches: "/*" },
    { not: { href_matches: "/staff" } },
    { not: { href_matches: "/staff/*" } },
    { not: { href_matches: "/downloads/*" } },
    { not: { selector_matches: "[download], [target=_blank], [rel~=nofollow]" } },
  ],
};

export const speculationRules = JSON.stringify({
  prefetch: [{ where: sameSiteLinks, eagerness: "moderate" }],
  prerender: [{ where: { and: [...sameSiteLinks.and, { selector_matches: "header a" }] }, eagerness: "moderate" }],
});
