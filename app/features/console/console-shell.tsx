import { ChevronDownIcon } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";
import { BrandName } from "~/components/ui/brand";
import type { StaffMember } from "~/features/console/types";
import { consoleMenu } from "~/features/console/sections";
import { cn } from "~/components/ui/cn";
import { useMenuDisclosure } from "~/components/ui/menu-disclosure";

/** True once React has hydrated the page (tests wait for `data-hydrated`). */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Hidden from search engines; React places it in the document head. */
export function NoIndex() {
  return <meta name="robots" content="noindex, nofollow" />;
}

export function ConsoleSkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only z-[100] rounded-lg bg-white px-4 py-3 font-semibold text-primary-900 shadow-card focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to main content
    </a>
  );
}

/** Sign out of this session: a plain form, so it works without JavaScript. */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/staff/sign-out" reloadDocument className={className}>
      <button
        type="submit"
        className="min-h-11 rounded-full border-2 border-white/70 px-4 text-sm font-semibold text-white hover:bg-white/10"
      >
        Sign out
      </button>
    </Form>
  );
}

/** The signed-in console: header with the member and sign-out, navigation, a banner slot, and the page. */
export function ConsoleShell({
  member,
  banner,
  children,
}: {
  member: StaffMember;
  /** Site-wide console banners (e.g. dead-lettered e-mails), above the page. */
  banner?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ShellFrame
      header={<ConsoleHeader member={member} />}
      banner={
        // CONSOLE BANNER SLOT: site-wide console banners render here (see `banner`).
        banner ? <div data-slot="console-banner">{banner}</div> : null
      }
      mainClassName="mx-auto w-full max-w-content flex-1 px-4 py-8 outline-none sm:px-6"
    >
      {children}
    </ShellFrame>
  );
}

/**
 * The signed-in header: the brand (to the inbox), who is signed in, sign-out, and the menu for their role.
 * From tablet width up, all in view; on a phone one row (issue 43: the page, not the menu, comes first),
 * the menu, the member and sign-out folded under "Menu".
 */
function ConsoleHeader({ member }: { member: StaffMember }) {
  const items = consoleMenu(member.role);
  return (
    <>
      <div className="mx-auto flex w-full max-w-content flex-wrap items-center justify-between gap-3 px-4 py-2 sm:px-6 md:py-3">
        <Link to="/staff" className="rounded-lg text-white">
          <BrandName className="text-white" />
          <span className="sr-only"> staff console, inbox</span>
        </Link>
        <div className="flex flex-wrap items-center gap-3 text-sm max-md:hidden">
          <SignedInAs member={member} />
          <SignOutButton />
        </div>
        <PhoneMenu items={items} member={member} />
      </div>
      <nav aria-label="Console" className="border-t border-white/20 max-md:hidden">
        <ConsoleNavList
          items={items}
          className="mx-auto flex w-full max-w-content flex-wrap gap-x-1 px-2 sm:px-4"
          link="inline-flex min-h-11 items-center border-b-4 px-3 text-sm"
          idle="border-transparent hover:border-white/40"
        />
      </nav>
    </>
  );
}

/** The console's sections as links, the current one marked (the bar on a desktop, the phone's menu). */
function ConsoleNavList({
  items,
  className,
  link,
  idle = "border-transparent",
}: {
  items: ReturnType<typeof consoleMenu>;
  className: string;
  /** The link's layout and its border's side. */
  link: string;
  /** The border of a link that is not the current page. */
  idle?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            className={({ isActive }) => cn(link, "font-semibold text-white", isActive ? "border-accent-200" : idle)}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SignedInAs({ member }: { member: StaffMember }) {
  return (
    <span className="break-words">
      <span className="sr-only">Signed in as </span>
      {member.email}
      {member.role === "admin" ? " (admin)" : null}
    </span>
  );
}

/**
 * The phone's menu: a <details> disclosure, so it opens without JavaScript;
 * once hydrated it closes on Escape (focus back on its toggle) and when a
 * page is chosen.
 */
function PhoneMenu({ items, member }: { items: ReturnType<typeof consoleMenu>; member: StaffMember }) {
  const { summaryRef, detailsProps } = useMenuDisclosure();
  return (
    <details className="group md:hidden" {...detailsProps}>
      <summary
        ref={summaryRef}
        className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border-2 border-white/70 px-4 text-sm font-semibold text-white [&::-webkit-details-marker]:hidden"
      >
        Menu
        <ChevronDownIcon aria-hidden="true" className="size-5 transition-transform group-open:rotate-180" />
      </summary>
      <div className="absolute inset-x-0 top-full z-40 grid gap-3 border-t border-white/20 bg-primary-900 px-4 pt-2 pb-4 shadow-card">
        <nav aria-label="Console">
          <ConsoleNavList items={items} className="grid" link="flex min-h-11 items-center border-l-4 px-3" />
        </nav>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-white/20 pt-3 text-sm">
          <SignedInAs member={member} />
          <SignOutButton />
        </div>
      </div>
    </details>
  );
}

/** The signed-out pages (sign-in): the brand and the page, nothing else. */
export function SignedOutShell({ children }: { children: ReactNode }) {
  return (
    <ShellFrame
      header={
        <div className="mx-auto w-full max-w-content px-4 py-3 sm:px-6">
          <BrandName className="text-white" />
          <span className="sr-only"> staff console</span>
        </div>
      }
      mainClassName="mx-auto w-full max-w-xl flex-1 px-4 py-10 outline-none sm:px-6"
    >
      {children}
    </ShellFrame>
  );
}

/** What both shells share: the page's frame (not indexed, the skip link, the hydration mark), its header and main. */
function ShellFrame({
  header,
  banner,
  mainClassName,
  children,
}: {
  header: ReactNode;
  /** Between the header and the page. */
  banner?: ReactNode;
  mainClassName: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-screen flex-col bg-surface" data-hydrated={hydrated ? "" : undefined}>
      <NoIndex />
      <ConsoleSkipLink />
      <header className="relative bg-primary-900 text-white">{header}</header>
      {banner}
      <main id="main-content" tabIndex={-1} className={mainClassName}>
        {children}
      </main>
    </div>
  );
}
