/**
 * The form islands (docs/decisions/015-form-islands.md): each enquiry page's
 * form, the only part of the page React runs in the browser. Keep what these
 * import free of React Router: the island bundle has no router.
 */
import type { ComponentProps } from "react";
import { AdvisoryFormIsland } from "~/routes/advisory/advisory-form";
import { ContactFormIsland } from "~/routes/contact/contact-form";
import { DemoFormIsland } from "~/routes/demo/demo-form";

export const islands = {
  contact: ContactFormIsland,
  demo: DemoFormIsland,
  advisory: AdvisoryFormIsland,
};

export type IslandKind = keyof typeof islands;
export type IslandProps<K extends IslandKind> = ComponentProps<(typeof islands)[K]>;
