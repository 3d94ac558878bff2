import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach } from "vitest";
import { mediaQueryList } from "./support/media-query";

afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in a module and shows the ones still active to the next toaster that
  // mounts: the test files share their modules (vitest.config.ts), so each test starts with none.
  toast.dismiss();
});

// findBy*/waitFor default to 1 s, too tight on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks matchMedia; components query prefers-reduced-motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => mediaQueryList(query, false);
}

// jsdom has <dialog> but not its methods. Enough of them for components to
// open and close one; focus handling, Escape and inertness are the browser's
// and are tested end to end (e2e/team-page.spec.ts).
if (typeof HTMLDialogElement !== "undefined" && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}
