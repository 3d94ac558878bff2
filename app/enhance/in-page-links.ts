/**
 * A link to a part of the same page (`href="#id"`) moves focus there too, as
 * well as scrolling, so the next Tab continues from the target (the target
 * needs tabindex="-1" when it is not focusable itself).
 */
export function enhanceInPageLinks(root: Document | HTMLElement) {
  root.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[href^="#"]');
    if (link && link.hash.length > 1)
      document.getElementById(decodeURIComponent(link.hash.slice(1)))?.focus({ preventScroll: true });
  });
}
