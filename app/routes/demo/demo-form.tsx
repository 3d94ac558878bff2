import { HomeIcon } from "lucide-react";
import { EnquiryForm } from "~/components/forms/enquiry-form";
import { FormField } from "~/components/forms/form-field";
import { SuccessPanel, successTitleId } from "~/components/forms/success-panel";
import type { EnquiryState } from "~/components/forms/use-enquiry";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/section";
import { DEMO_FORM_ID, demoFailureAlert, demoForm, demoSuccess } from "~/content/demo";
import { enquiryKinds } from "~/lib/enquiry-kinds";

const fields = enquiryKinds.demo.fields;
const TITLE_ID = "request-demo-title";

/** 'Request Your Demo', replaced by 'Demo Request Received!' once sent. */
export function DemoFormSection({ enquiry }: { enquiry: EnquiryState }) {
  const { result } = enquiry;
  const values = result && "values" in result ? result.values : {};
  const errors = result?.status === "invalid" ? result.errors : {};
  const field = (name: keyof typeof fields) => ({
    formId: DEMO_FORM_ID,
    name,
    spec: fields[name],
    error: errors[name],
    defaultValue: values[name],
  });

  return (
    <section
      aria-labelledby={result?.status === "success" ? successTitleId(DEMO_FORM_ID) : TITLE_ID}
      className="py-16 sm:py-20"
    >
      <Container className="max-w-3xl!">
        <Card className="p-6 sm:p-8">
          {result?.status === "success" ? (
            <SuccessPanel
              id={DEMO_FORM_ID}
              title={demoSuccess.title}
              actions={
                <ButtonLink to={demoSuccess.home.to}>
                  <HomeIcon aria-hidden="true" />
                  {demoSuccess.home.label}
                </ButtonLink>
              }
            >
              {demoSuccess.body.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </SuccessPanel>
          ) : (
            <>
              <h2 id={TITLE_ID} className="text-3xl text-ink">
                {demoForm.title}
              </h2>
              <p className="mt-3 text-muted">{demoForm.lead}</p>
              <EnquiryForm
                id={DEMO_FORM_ID}
                labelledBy={TITLE_ID}
                enquiry={enquiry}
                fields={fields}
                submitLabel={demoForm.submitLabel}
                pendingLabel={demoForm.pendingLabel}
                failure={demoFailureAlert}
                className="mt-6"
              >
                <div className="grid gap-6 sm:grid-cols-2">
                  <FormField {...field("fullName")} />
                  <FormField {...field("organization")} />
                  <FormField {...field("email")} />
                  <FormField {...field("role")} placeholderOption={demoForm.rolePlaceholder} />
                </div>
                <FormField {...field("preferredDate")} hint={demoForm.preferredDateHint} className="sm:max-w-xs" />
                <FormField {...field("message")} hint={demoForm.messageHint} rows={5} />
              </EnquiryForm>
            </>
          )}
        </Card>
      </Container>
    </section>
  );
}
