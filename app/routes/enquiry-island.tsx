import type { ComponentType } from "react";
import type { EnquiryResult } from "~/features/enquiries/form/types";
import type { EnquiryKind } from "~/features/enquiries/kinds";
import { Island } from "~/islands/island";

/** What every enquiry form's island is rendered with (CardFormProps, ContactFormProps) besides its copy and its own. */
type IslandBase = { action: string; token: string; source?: string; actionData?: EnquiryResult };

/**
 * An enquiry page's form (app/routes/contact, demo, advisory) as its island
 * (docs/decisions/015-form-islands.md): posted to the page's own path, with the
 * anti-spam token and source of the page's loader (tokenLoader,
 * ./enquiry-route.server.ts), the result of its action, the form's own props
 * (`more`: the contact form's interest) and the page's copy.
 */
export function EnquiryIsland<P extends IslandBase & { copy: unknown }>({
  kind,
  form,
  page: { loaderData, actionData },
  more,
  copy,
  className,
}: {
  kind: EnquiryKind;
  /** The default export of `app/routes/<kind>/<kind>-form.tsx`. */
  form: ComponentType<P>;
  /** The page's route props. */
  page: { loaderData: { token: string; source: string }; actionData?: P["actionData"] };
  more?: Omit<P, keyof IslandBase | "copy">;
  copy: P["copy"];
  className?: string;
}) {
  const props = { action: `/${kind}`, token: loaderData.token, source: loaderData.source, ...more, actionData, copy };
  return <Island kind={kind} form={form} props={props as P} className={className} />;
}
