/**
 * The form islands (docs/decisions/015-form-islands.md): each enquiry page's
 * form, the only part of the page React runs in the browser. A kind's form is
 * the default export of `app/routes/<kind>/<kind>-form.tsx`, beside its route,
 * and its route renders it as `<Island kind="<kind>" form={…}>`: a new form
 * is found here with nothing to add. Keep what the forms import free of React
 * Router: the islands' script has no router.
 */
import type { ComponentType } from "react";

const forms = import.meta.glob<{ default: ComponentType<object> }>("../routes/*/*-form.tsx", { eager: true });

/** The form island of a kind (`data-island`), or undefined when there is none. */
export function islandForm(kind: string): ComponentType<object> | undefined {
  return forms[`../routes/${kind}/${kind}-form.tsx`]?.default;
}
