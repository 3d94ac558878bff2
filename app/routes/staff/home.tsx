import { getStaff } from "~/lib/console/request.server";
import type { Route } from "./+types/home";

/**
 * PLACEHOLDER for the console's index (/staff): the inbox replaces this file's
 * entry in ./routes.ts.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { name: getStaff(context).member.name };
}

export const meta: Route.MetaFunction = () => [{ title: "Inbox | Staff console | Maternis" }];

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl">Inbox</h1>
      <p className="mt-4">Signed in as {loaderData.name}.</p>
    </>
  );
}
