import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ConsoleShell, SignedOutShell } from "~/features/console/console-shell";
import { DeadLetterAlert, hasDeadLetters, visibleDeadLetters } from "~/features/alerts/dead-letter-alert";
import { staffSessionMiddleware } from "~/routes/staff/access/middleware.server";
import { getConsole, getStaff } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/layout";
import { consoleTitle } from "~/features/console/paths";

/**
 * The staff console's layout: its middleware checks the session before any
 * console loader or action runs (signed out: redirect to sign in, or 401),
 * and sets `staffContext` for the routes below (app/routes/staff/routes.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [staffSessionMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const { member } = getStaff(context);
  return { member, deadLetters: visibleDeadLetters(await getConsole(context).alerts.deadLetters(), member.role) };
}

export const meta: Route.MetaFunction = () => [{ title: consoleTitle() }];

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return (
    // The banner slot: pass site-wide console banners as `banner`.
    <ConsoleShell
      member={loaderData.member}
      banner={hasDeadLetters(loaderData.deadLetters) ? <DeadLetterAlert dead={loaderData.deadLetters} /> : null}
    >
      <Outlet />
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 403
      ? "Only an admin can do this."
      : status === 404
        ? "There is nothing at this address."
        : status === 401
          ? "Sign in to the staff console first."
          : "Something went wrong. Please try again.";
  return (
    <SignedOutShell>
      <h1 className="text-3xl">{status === 403 ? "Not allowed" : status === 404 ? "Not found" : "Sorry"}</h1>
      <p className="mt-4 text-lg">{message}</p>
      <p className="mt-6">
        <a href="/staff" className="font-semibold text-primary-800 underline">
          Back to the console
        </a>
      </p>
    </SignedOutShell>
  );
}
