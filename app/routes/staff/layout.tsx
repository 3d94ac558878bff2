import { isRouteErrorResponse, Outlet, useRouteError, type ShouldRevalidateFunctionArgs } from "react-router";
import { ConsoleShell, SignedOutShell } from "~/features/console/console-shell";
import { DeadLetterAlert, hasDeadLetters, visibleDeadLetters } from "~/features/alerts/dead-letter-alert";
import { staffSessionMiddleware } from "~/routes/staff/access/middleware.server";
import { getConsole, getStaff } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/layout";
import { consoleTitle } from "~/features/console/paths";
import { heldHere } from "./held/held-here.server";
import { CheckYourAnswers } from "./held/check-your-answers";

/**
 * The staff console's layout: its middleware checks the session before any
 * console loader or action runs (signed out: redirect to sign in, or 401),
 * and sets `staffContext` for the routes below (app/routes/staff/routes.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [staffSessionMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { member } = getStaff(context);
  const console = getConsole(context);
  return {
    member,
    deadLetters: visibleDeadLetters(await console.alerts.deadLetters(), member.role),
    held: await heldHere(context, request),
  };
}

/**
 * Read again after every post, even one refused with an error, which React
 * Router does not revalidate by default: a post drops the change held on its
 * page (requireRecentSignIn), and "Check your answers" must not stay above
 * the error; the dead-letter alert may have changed too.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: consoleTitle() }];

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  return (
    // The banner slot: pass site-wide console banners as `banner`.
    <ConsoleShell
      member={loaderData.member}
      banner={hasDeadLetters(loaderData.deadLetters) ? <DeadLetterAlert dead={loaderData.deadLetters} /> : null}
    >
      {loaderData.held ? <CheckYourAnswers held={loaderData.held} /> : null}
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
