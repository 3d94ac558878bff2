import { data } from "react-router";
import { NotFoundPage } from "~/components/not-found";
import { plainMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export { contentPage as handle } from "~/components/ui/hydration";

/** Every unknown path: the 404 page with HTTP status 404. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const referer = request.headers.get("referer");
  let backHref = "/";
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === url.origin && from.pathname !== url.pathname) backHref = from.pathname + from.search;
    } catch {
      // Ignore a malformed Referer header.
    }
  }
  return data({ backHref }, { status: 404 });
}

/** A form posted to an unknown path gets the same 404 page, not a method error. */
export function action() {
  return data({ backHref: "/" }, { status: 404 });
}

export const meta: Route.MetaFunction = () => plainMeta("Page Not Found");

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage backHref={loaderData?.backHref} />;
}
