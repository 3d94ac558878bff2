import { getStaff } from "~/lib/console/request.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Account | Staff console | Maternis" }];

export function loader({ context }: Route.LoaderArgs) {
  return { member: getStaff(context).member };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl">Your account</h1>
      <p className="mt-4">{loaderData.member.email}</p>
    </>
  );
}
