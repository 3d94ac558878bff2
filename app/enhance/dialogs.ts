/**
 * Modal dialogs on the native <dialog> (markup: app/components/ui/dialog.tsx):
 * a button with `data-opens-dialog="<id>"` opens the dialog of that id; its
 * close button, or a click on the backdrop, closes it. The browser does the
 * rest: the page behind is inert, Escape closes, focus returns to the button.
 */
export function enhanceDialogs(root: Document | HTMLElement) {
  root.addEventListener("click", (event) => {
    const target = event.target as Element;
    const opener = target.closest<HTMLElement>("[data-opens-dialog]");
    if (opener) root.querySelector<HTMLDialogElement>(`dialog#${CSS.escape(opener.dataset.opensDialog!)}`)?.showModal();
    const dialog = target.closest("dialog");
    // A click on the backdrop lands on the <dialog> itself (an inner wrapper covers its content box).
    if (dialog && (target === dialog || target.closest('[data-slot="dialog-close"]'))) dialog.close();
  });
}
