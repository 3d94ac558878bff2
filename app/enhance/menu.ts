/**
 * The small-screen menu (markup: app/components/layout/site-header.tsx) is a
 * <details> disclosure and opens without JavaScript. This adds what a script
 * can: aria-expanded on its toggle, Escape closes it (focus back on the
 * toggle), and choosing a link closes it.
 */
export function enhanceMenu(details: HTMLDetailsElement) {
  const summary = details.querySelector("summary");
  if (!summary) return;
  const sync = () => summary.setAttribute("aria-expanded", String(details.open));
  details.addEventListener("toggle", sync);
  details.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !details.open) return;
    event.preventDefault();
    details.open = false;
    sync();
    summary.focus();
  });
  details.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) {
      details.open = false;
      sync();
    }
  });
  sync();
}
