/**
 * Which pages React hydrates (docs/decisions/011-content-without-framework-js.md,
 * 015-form-islands.md).
 *
 * Every page is rendered by React, at build time or on the server. Only the
 * staff console is hydrated by React Router; a content page marks itself in
 * its route module with
 *
 *     export { contentPage as handle } from "~/components/ui/hydration";
 *
 * and an enquiry page (whose form is an island, app/islands/) with
 * `formPage`; the root layout then leaves out React Router's scripts and
 * loads the small enhancement module (app/enhance/) instead, which starts any
 * island.
 */
import { useEffect, useLayoutEffect } from "react";
import { useLocation } from "react-router";

export type PageHandle = { hydrate?: boolean };

/** The route handle of a page that ships no React runtime. */
export const contentPage = { hydrate: false } as const satisfies PageHandle;

/** The route handle of an enquiry page: not hydrated, its form an island (app/islands/). */
export const formPage = { hydrate: false } as const satisfies PageHandle;

/** Whether the page of these route handles (outermost first) is hydrated: the deepest that says decides. */
export function pageHydrates(handles: readonly unknown[]): boolean {
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i];
    if (handle && typeof handle === "object" && typeof (handle as PageHandle).hydrate === "boolean") {
      return (handle as PageHandle).hydrate!;
    }
  }
  return true;
}

/**
 * Whether a path is known to be a hydrated page: the staff console. It only
 * decides how a hydrated page follows a link (below); the route handles
 * decide what a page is.
 */
export function isHydratedPath(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return path === "/staff" || path.startsWith("/staff/");
}

/**
 * On a hydrated page, a link to a content page loads that page as a document,
 * as from anywhere else, instead of React drawing it in place (the content
 * page's behaviours live in its own script, not in React):
 *
 *   - a click on such a link is kept from React Router (a capturing listener
 *     on window runs before React's, which listens on the document), so the
 *     browser follows it, using the page the Speculation Rules prepared;
 *   - should the router still arrive at a content page (a path this list
 *     does not know, a redirect), the document is loaded at once, before the
 *     browser paints.
 */
export function useDocumentNavigation(hydrated: boolean) {
  const location = useLocation();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
      if (link.origin !== window.location.origin || link.getAttribute("href")!.startsWith("#")) return;
      if (!isHydratedPath(link.pathname)) event.stopPropagation();
    }
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, []);
  useLayoutEffect(() => {
    if (!hydrated) window.location.replace(location.pathname + location.search + location.hash);
  }, [hydrated, location]);
}

/**
 * How a router link on a hydrated page asks React Router about its route:
 * only for a hydrated page, which it may draw in place. A link to a content
 * page is followed as a document (above), so its route is never fetched
 * ahead ("/__manifest" on every hydrated page would be 2 KB for nothing); a
 * router that arrived there anyway would discover it then.
 */
export function linkDiscovery(to: string): "render" | "none" {
  return isHydratedPath(new URL(to, "http://localhost").pathname) ? "render" : "none";
}
