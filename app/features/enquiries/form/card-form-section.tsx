import { HomeIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonAnchor } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/section";
import type { FieldErrors, FieldSpec } from "~/features/enquiries/fields";
import type { SiteLink } from "~/platform/company";
import { EnquiryForm } from "./enquiry-form";
import type { FormField } from "./form-field";
import { SuccessPanel, successTitleId } from "./success-panel";
import { useEnquiry, type EnquiryNotices } from "./use-enquiry";
import type { EnquiryResult } from "./types";

type FieldProps = Pick<Parameters<typeof FormField>[0], "formId" | "name" | "spec" | "error" | "defaultValue">;

/**
 * The props of each field of a form from the latest result: its spec, its
 * error, and (after a failure) what the visitor typed, so nothing is lost.
 */
export function fieldPropsFor<F extends Record<string, FieldSpec>>(
  formId: string,
  fields: F,
  result: EnquiryResult | undefined,
): (name: keyof F & string) => FieldProps {
  const values = result && "values" in result ? result.values : {};
  const errors: FieldErrors = result?.status === "invalid" ? result.errors : {};
  return (name) => ({ formId, name, spec: fields[name]!, error: errors[name], defaultValue: values[name] });
}

type CardFormCopy = { title: string; lead: string; submitLabel: string; pendingLabel: string };

/**
 * What a card form's island is rendered with, on the server and again in the
 * browser, copy included: the server picks the dated words (app/content/dated.ts),
 * so the browser renders exactly what it did. `Form` is the form's own copy.
 */
export type CardFormProps<Form extends CardFormCopy = CardFormCopy> = {
  action: string;
  token: string;
  /** Where the visitor came from (~/features/enquiries/source), for the form's hidden field. */
  source?: string;
  actionData?: EnquiryResult;
  copy: {
    formId: string;
    form: Form;
    success: { title: string; body: readonly string[]; home: SiteLink };
    notices: EnquiryNotices;
  };
};

/**
 * An enquiry form in a card, with its title and lead, replaced once sent by
 * its success panel with a 'Return Home' link: the island of the demo request
 * and of the advisory network (the contact form has its own layout).
 */
export function CardFormSection<F extends Record<string, FieldSpec>>({
  titleId,
  fields,
  island: { action, token, source, actionData, copy },
  children,
}: {
  titleId: string;
  fields: F;
  island: CardFormProps;
  /** The form's fields, laid out; `field(name)` gives a field's props. */
  children: (field: (name: keyof F & string) => FieldProps) => ReactNode;
}) {
  const { formId: id, form, success, notices } = copy;
  const enquiry = useEnquiry({
    action,
    actionData,
    loaderToken: token,
    loaderSource: source,
    notices,
    submitLabel: form.submitLabel,
  });
  const { result } = enquiry;
  const sent = result?.status === "success";
  return (
    <section aria-labelledby={sent ? successTitleId(id) : titleId} className="py-16 sm:py-20">
      <Container className="max-w-3xl!">
        <Card className="p-6 sm:p-8">
          {sent ? (
            <SuccessPanel
              id={id}
              title={success.title}
              actions={
                <ButtonAnchor href={success.home.to}>
                  <HomeIcon aria-hidden="true" />
                  {success.home.label}
                </ButtonAnchor>
              }
            >
              {success.body.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </SuccessPanel>
          ) : (
            <>
              <h2 id={titleId} className="text-3xl text-ink">
                {form.title}
              </h2>
              <EnquiryForm id={id} labelledBy={titleId} enquiry={enquiry} fields={fields} copy={form}>
                {children(fieldPropsFor(id, fields, result))}
              </EnquiryForm>
            </>
          )}
        </Card>
      </Container>
    </section>
  );
}
