/**
 * The 404 page (markup: app/components/not-found.tsx): logs the missing path
 * to the console, and 'Go Back' goes back in the browser's history. Without
 * JavaScript 'Go Back' is a link to the page the visitor came from.
 */
export function enhanceNotFound(page: HTMLElement) {
  console.error("404 Error: User attempted to access non-existent route:", window.location.pathname);
  page.querySelector('[data-slot="go-back"]')?.addEventListener("click", (event) => {
    if (window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  });
}
