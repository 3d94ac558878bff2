import { HomeIcon } from "lucide-react";
import { EnquiryForm } from "~/components/forms/enquiry-form";
import { FormField } from "~/components/forms/form-field";
import { SuccessPanel, successTitleId } from "~/components/forms/success-panel";
import type { EnquiryState } from "~/components/forms/use-enquiry";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/section";
import { ADVISORY_FORM_ID, advisoryFailureAlert, advisoryForm, advisorySuccess } from "~/content/advisory";
import { enquiryKinds } from "~/lib/enquiry-kinds";

const fields = enquiryKinds.advisory.fields;
const TITLE_ID = "join-network-title";

/** The join form, replaced by 'Welcome to the Advisory Network!' once sent. */
export function AdvisoryFormSection({ enquiry }: { enquiry: EnquiryState }) {
  const { result } = enquiry;
  const values = result && "values" in result ? result.values : {};
  const errors = result?.status === "invalid" ? result.errors : {};
  const field = (name: keyof typeof fields) => ({
    formId: ADVISORY_FORM_ID,
    name,
    spec: fields[name],
    error: errors[name],
    defaultValue: values[name],
  });

  return (
    <section
      aria-labelledby={result?.status === "success" ? successTitleId(ADVISORY_FORM_ID) : TITLE_ID}
      className="py-16 sm:py-20"
    >
      <Container className="max-w-3xl!">
        <Card className="p-6 sm:p-8">
          {result?.status === "success" ? (
            <SuccessPanel
              id={ADVISORY_FORM_ID}
              title={advisorySuccess.title}
              actions={
                <ButtonLink to={advisorySuccess.home.to}>
                  <HomeIcon aria-hidden="true" />
                  {advisorySuccess.home.label}
                </ButtonLink>
              }
            >
              {advisorySuccess.body.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </SuccessPanel>
          ) : (
            <>
              <h2 id={TITLE_ID} className="text-3xl text-ink">
                {advisoryForm.title}
              </h2>
              <p className="mt-3 text-muted">{advisoryForm.lead}</p>
              <EnquiryForm
                id={ADVISORY_FORM_ID}
                labelledBy={TITLE_ID}
                enquiry={enquiry}
                fields={fields}
                submitLabel={advisoryForm.submitLabel}
                pendingLabel={advisoryForm.pendingLabel}
                failure={advisoryFailureAlert}
                className="mt-6"
              >
                <div className="grid gap-6 sm:grid-cols-2">
                  <FormField {...field("fullName")} />
                  <FormField {...field("email")} />
                  <FormField {...field("role")} placeholderOption={advisoryForm.rolePlaceholder} />
                  <FormField {...field("country")} />
                </div>
                <FormField {...field("reason")} hint={advisoryForm.reasonHint} />
              </EnquiryForm>
            </>
          )}
        </Card>
      </Container>
    </section>
  );
}
