import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import fontUrl from "@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url";
import { AnnouncementBanner } from "~/components/layout/announcement-banner";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { SkipLink } from "~/components/layout/skip-link";
import { NotFoundPage } from "~/components/not-found";
import { Container } from "~/components/ui/section";
import { isStaffPath } from "~/features/console/paths";
import { londonDate } from "~/platform/calendar";
import { appContext } from "~/context.server";
import { announcementKey, contentDate, currentAnnouncement } from "~/content/dated";
import { pageHydrates, useDocumentNavigation } from "~/components/ui/hydration";
import { plainMeta } from "~/lib/seo";
import { siteNow } from "~/context.server";
import type { RootDatedData } from "~/lib/use-dated";
import { speculationRules } from "~/lib/speculation-rules";
import type { Route } from "./+types/root";
import stylesUrl from "./app.css?url";
import consoleStylesUrl from "./console.css?url";
// The content pages' behaviours, bundled on their own (no React) into one
// hashed file: Vite builds a `?worker` import as a self-contained script.
import enhanceUrl from "./enhance/content-page.ts?worker&url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * The date every page's dated content follows (app/content/dated.ts), from the
 * site's one clock, and the announcement for the banner (the one staff
 * published, else the dated default): the same for every request until the
 * next boundary or publish, so prerendered pages stay byte-identical.
 */
export function loader({ context }: Route.LoaderArgs): RootDatedData {
  const now = siteNow(context);
  const date = contentDate(londonDate(now));
  const banner = context.get(appContext)?.banner?.state(now) ?? null;
  return { contentDate: date, announcement: currentAnnouncement(date, banner) };
}

/**
 * The dated data changes only at boundaries: a form post does not reload it
 * (an enquiry stays one request); a navigation does, so a tab left open
 * across a boundary catches up.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return false;
  return defaultShouldRevalidate;
}

/**
 * The document. A content page (route handle `{ hydrate: false }`,
 * app/components/ui/hydration.ts) is not hydrated: no React Router scripts, no scroll
 * restoration, no module preloads; its behaviours come from one small module
 * (app/enhance/). Every page gets the Speculation Rules.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  // Which stretch of dates and banner the page was rendered for: the server tells a stale prerendered page by them.
  const dated = useRouteLoaderData("root") as RootDatedData | undefined;
  const hydrate = pageHydrates(useMatches().map((match) => match.handle));
  // The console has a stylesheet of its own (app/console.css); the public pages carry none of its utilities.
  const staffPage = isStaffPath(useLocation().pathname);
  return (
    <html
      lang="en-GB"
      data-content-date={dated?.contentDate}
      data-announcement={dated ? announcementKey(dated.announcement) : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a4e48" />
        <meta name="format-detection" content="telephone=no" />
        {/* The stylesheet blocks the first paint, so on a slow connection the
            script preloads of <Links /> must not queue ahead of it: with a
            precedence, React emits it before them (npm run bench:pages). */}
        <link rel="stylesheet" href={staffPage ? consoleStylesUrl : stylesUrl} precedence="default" />
        <link rel="preload" href={fontUrl} as="font" type="font/woff2" crossOrigin="anonymous" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <script type="module" src={enhanceUrl} />
        )}
        {/* The rules are static: the server's text stays as it is, and the browser bundle leaves it out. */}
        <script
          type="speculationrules"
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? speculationRules : "" }}
        />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  // The staff console (app/routes/staff) has its own shell: none of the public site's.
  const console = isStaffPath(useLocation().pathname);
  if (console) return <>{children}</>;
  return (
    <>
      <SkipLink />
      <div className="sticky top-0 z-40">
        <AnnouncementBanner />
        <SiteHeader />
      </div>
      <main id="main-content" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

/** Runs only where React hydrates the page (the enquiry pages, the console). */
export default function App() {
  useDocumentNavigation(pageHydrates(useMatches().map((match) => match.handle)));
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  return plainMeta(isRouteErrorResponse(error) && error.status === 404 ? "Page Not Found" : "Error");
}

/** The router's fallback screen for anything a route did not handle. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundPage />
      </Shell>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || ""}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Shell>
      <Container className="py-20">
        <h1 className="text-3xl sm:text-4xl">Unexpected Application Error!</h1>
        <p className="mt-4 text-lg text-muted">{message}</p>
        {import.meta.env.DEV && error instanceof Error && error.stack ? (
          <pre className="mt-6 overflow-x-auto rounded-card bg-surface p-4 text-sm">{error.stack}</pre>
        ) : null}
      </Container>
    </Shell>
  );
}
