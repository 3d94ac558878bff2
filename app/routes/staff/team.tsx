import { getConsole, requireAdmin } from "~/lib/console/request.server";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () => [{ title: "Staff | Staff console | Maternis" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return { team: await getConsole(context).auth.team() };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl">Staff</h1>
      <p className="mt-4">{loaderData.team.length} members.</p>
    </>
  );
}
