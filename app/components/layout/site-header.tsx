import { MenuIcon, XIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { headerCta, mainNav } from "~/platform/company";
import { cn } from "~/components/ui/cn";
import { BrandName } from "~/components/ui/brand";
import { linkDiscovery } from "~/components/ui/hydration";
import { useMenuDisclosure } from "~/components/ui/menu-disclosure";

/** The active link is the one whose path matches exactly, ignoring a trailing slash. */
export function isActivePath(current: string, to: string) {
  const normalise = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  return normalise(current) === normalise(to);
}

function NavLinks({ onNavigate, stacked }: { onNavigate?: () => void; stacked?: boolean }) {
  const { pathname } = useLocation();
  return (
    <ul className={cn(stacked ? "grid gap-1" : "flex items-center gap-1")}>
      {mainNav.map((item) => {
        const active = isActivePath(pathname, item.to);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              discover={linkDiscovery(item.to)}
              aria-current={active ? "page" : undefined}
              onClick={onNavigate}
              className={cn(
                "block rounded-lg font-semibold transition-colors",
                stacked ? "px-3 py-3 text-lg" : "px-3 py-2 text-[0.9375rem]",
                active ? "bg-primary-50 text-primary-800" : "text-ink hover:bg-surface hover:text-primary-800",
              )}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Small-screen menu. A <details> disclosure, so it opens without JavaScript;
 * once hydrated it also exposes aria-expanded, closes on Escape (returning
 * focus to the toggle), and closes when a link is chosen.
 */
function MobileMenu() {
  const [hydrated, setHydrated] = useState(false);
  const { open, setOpen, summaryRef, detailsProps } = useMenuDisclosure();
  useEffect(() => setHydrated(true), []);

  return (
    <details data-slot="mobile-menu" className="group lg:hidden" {...detailsProps}>
      <summary
        ref={summaryRef}
        aria-controls="mobile-menu-panel"
        aria-expanded={hydrated ? open : undefined}
        className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border-2 border-primary-700 px-4 font-semibold text-primary-800 [&::-webkit-details-marker]:hidden"
      >
        <MenuIcon aria-hidden="true" className="size-5 group-open:hidden" />
        <XIcon aria-hidden="true" className="hidden size-5 group-open:block" />
        <span>Menu</span>
      </summary>
      <div
        id="mobile-menu-panel"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-5rem)] overflow-y-auto border-b border-line bg-white px-4 pt-2 pb-6 shadow-card"
      >
        <nav aria-label="Main">
          <NavLinks stacked onNavigate={() => setOpen(false)} />
        </nav>
        <ButtonLink to={headerCta.to} variant="accent" size="lg" className="mt-4 w-full" onClick={() => setOpen(false)}>
          {headerCta.label}
        </ButtonLink>
      </div>
    </details>
  );
}

export function SiteHeader() {
  return (
    <header className="relative border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-18 max-w-content items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" discover="none" data-slot="brand-link" className="rounded-lg text-primary-900">
          <BrandName />
          <span className="sr-only">, home</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <NavLinks />
        </nav>
        <div className="hidden lg:block">
          <ButtonLink to={headerCta.to} variant="accent" size="sm">
            {headerCta.label}
          </ButtonLink>
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
