import { MegaphoneIcon, XIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { dismissLabel } from "~/content/banner";
import { BANNER_STORAGE_KEY, bannerBootScript, bannerDismissedThisSession } from "~/lib/banner-script";
import type { Announcement } from "~/content/banner";
import { useAnnouncement } from "~/lib/use-dated";
import { linkDiscovery } from "~/components/ui/hydration";

/**
 * Dismissible announcement. Dismissal lasts for the browser
 * session (sessionStorage). On later page loads the inline script rendered
 * after it hides it before the first paint, so it never flashes back; once
 * hydrated, the component removes it. On content pages, which are not
 * hydrated, app/enhance/banner.ts dismisses it. The announcement comes from
 * the root loader (app/content/dated.ts currentAnnouncement); with none, nothing
 * renders.
 */
export function AnnouncementBanner() {
  const announcement = useAnnouncement();
  return announcement ? <AnnouncementBannerView announcement={announcement} /> : null;
}

/**
 * One announcement. `preview` (the console's editor) draws it as the site
 * would, without the landmark, the dismiss button or the boot script.
 */
export function AnnouncementBannerView({
  announcement,
  preview = false,
}: {
  announcement: Announcement;
  preview?: boolean;
}) {
  const [dismissed, setDismissed] = useState(false);
  const { id } = announcement;
  useEffect(() => {
    if (!preview && bannerDismissedThisSession(id)) setDismissed(true);
  }, [id, preview]);
  if (dismissed) return null;

  function dismiss() {
    try {
      sessionStorage.setItem(BANNER_STORAGE_KEY, id);
    } catch {
      // Storage can be unavailable (private mode, policy); hide for this page only.
    }
    setDismissed(true);
    // Keep keyboard users in place: focus the next thing in the header.
    document.querySelector<HTMLElement>('[data-slot="brand-link"]')?.focus();
  }

  const content = (
    <div className="mx-auto flex max-w-content items-center gap-3 px-4 py-2 text-sm sm:px-6 lg:px-8">
      <MegaphoneIcon aria-hidden="true" className="hidden size-4 shrink-0 text-accent-200 sm:block" />
      <p className="flex-1">
        {announcement.message}{" "}
        {preview ? (
          <span className="font-semibold whitespace-nowrap text-white underline underline-offset-2">
            {announcement.link.label}
          </span>
        ) : (
          <Link
            to={announcement.link.to}
            discover={linkDiscovery(announcement.link.to)}
            className="font-semibold whitespace-nowrap text-white underline underline-offset-2 hover:text-accent-100"
          >
            {announcement.link.label}
          </Link>
        )}
      </p>
      {preview ? null : (
        <button
          type="button"
          data-slot="banner-dismiss"
          onClick={dismiss}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-white/10"
        >
          <XIcon aria-hidden="true" className="size-4" />
          <span className="sr-only">{dismissLabel}</span>
        </button>
      )}
    </div>
  );

  if (preview) {
    return (
      <div data-slot="announcement-preview" className="bg-primary-900 text-white">
        {content}
      </div>
    );
  }
  return (
    <>
      <aside
        data-slot="announcement-banner"
        data-announcement={id}
        aria-label="Announcement"
        className="bg-primary-900 text-white"
        // The boot script below may add `hidden` before hydration.
        suppressHydrationWarning
      >
        {content}
      </aside>
      <script dangerouslySetInnerHTML={{ __html: bannerBootScript }} />
    </>
  );
}
