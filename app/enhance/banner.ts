import { BANNER_STORAGE_KEY } from "~/lib/banner-script";

/**
 * The announcement's dismiss button (markup: app/components/layout/announcement-banner.tsx):
 * hides it and remembers that for the browser session, so the boot script
 * (app/lib/banner-script.ts) hides it before the first paint of every later
 * page. Focus moves to the next thing in the header.
 */
export function enhanceBanner(banner: HTMLElement) {
  banner.querySelector('[data-slot="banner-dismiss"]')?.addEventListener("click", () => {
    try {
      sessionStorage.setItem(BANNER_STORAGE_KEY, banner.dataset.announcement || "dismissed");
    } catch {
      // Storage can be unavailable (private mode, policy); hide for this page only.
    }
    banner.hidden = true;
    document.querySelector<HTMLElement>('[data-slot="brand-link"]')?.focus();
  });
}
