import { MegaphoneIcon, XIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { announcement } from "~/content/banner";
import { BANNER_STORAGE_KEY, bannerBootScript, bannerDismissedThisSession } from "~/lib/banner-script";

/**
 * Dismissible announcement. Dismissal lasts for the browser
 * session (sessionStorage). On later page loads the inline script rendered
 * after it hides it before the first paint, so it never flashes back; once
 * hydrated, the component removes it. On content pages, which are not
 * hydrated, app/enhance/banner.ts dismisses it.
 */
export function AnnouncementBanner() {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (bannerDismissedThisSession()) setDismissed(true);
  }, []);
  if (dismissed) return null;

  function dismiss() {
    try {
      sessionStorage.setItem(BANNER_STORAGE_KEY, announcement.id);
    } catch {
      // Storage can be unavailable (private mode, policy); hide for this page only.
    }
    setDismissed(true);
    // Keep keyboard users in place: focus the next thing in the header.
    document.querySelector<HTMLElement>('[data-slot="brand-link"]')?.focus();
  }

  return (
    <>
      <aside
        data-slot="announcement-banner"
        data-announcement={announcement.id}
        aria-label="Announcement"
        className="bg-primary-900 text-white"
        // The boot script below may add `hidden` before hydration.
        suppressHydrationWarning
      >
        <div className="mx-auto flex max-w-content items-center gap-3 px-4 py-2 text-sm sm:px-6 lg:px-8">
          <MegaphoneIcon aria-hidden="true" className="hidden size-4 shrink-0 text-accent-200 sm:block" />
          <p className="flex-1">
            {announcement.message}{" "}
            <Link
              to={announcement.link.to}
              className="font-semibold whitespace-nowrap text-white underline underline-offset-2 hover:text-accent-100"
            >
              {announcement.link.label}
            </Link>
          </p>
          <button
            type="button"
            data-slot="banner-dismiss"
            onClick={dismiss}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-white/10"
          >
            <XIcon aria-hidden="true" className="size-4" />
            <span className="sr-only">{announcement.dismissLabel}</span>
          </button>
        </div>
      </aside>
      <script dangerouslySetInnerHTML={{ __html: bannerBootScript }} />
    </>
  );
}
