/**
 * The one script of a content page (a page React renders but does not
 * hydrate: docs/decisions/011-content-without-framework-js.md), and of an
 * enquiry page, which it also gives its form island (./islands.ts). Loaded by the
 * root layout as a module, so it runs once the document is parsed and never
 * holds up the first paint. Each behaviour enhances markup that already works
 * without it; add a new one as a module next to these, with its test.
 */
import { enhanceBanner } from "./banner";
import { enhanceCarousel } from "./carousel";
import { enhanceDialogs } from "./dialogs";
import { enhanceInPageLinks } from "./in-page-links";
import { startIslands } from "./islands";
import { enhanceMenu } from "./menu";
import { enhanceNotFound } from "./not-found";

const each = <E extends HTMLElement>(selector: string, enhance: (element: E) => void) =>
  document.querySelectorAll<E>(selector).forEach((element) => enhance(element));

each('[data-slot="announcement-banner"]', enhanceBanner);
each<HTMLDetailsElement>('[data-slot="mobile-menu"]', enhanceMenu);
each('[data-slot="carousel"]', enhanceCarousel);
each('[data-slot="not-found"]', enhanceNotFound);
enhanceDialogs(document);
enhanceInPageLinks(document);
document.documentElement.setAttribute("data-enhanced", "");
startIslands(document);
