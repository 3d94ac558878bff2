import { ArrowRightIcon, RotateCcwIcon } from "lucide-react";
import { fieldPropsFor } from "~/components/forms/card-form-section";
import { EnquiryForm } from "~/components/forms/enquiry-form";
import { FormField } from "~/components/forms/form-field";
import { SuccessPanel } from "~/components/forms/success-panel";
import type { EnquiryState } from "~/components/forms/use-enquiry";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/section";
import { CONTACT_FORM_ID, contactForm, contactNotices, contactSuccess, receivedLine } from "~/content/contact";
import { isInterest, type Interest } from "~/lib/enquiry-fields";
import { enquiryKinds } from "~/lib/enquiry-kinds";
import { OfficeCard } from "./office-card";
import { Promises } from "./promises";

const fields = enquiryKinds.contact.fields;
const TITLE_ID = "send-message-title";

/** 'Send Us a Message': the form (or its confirmation), the promises and the office card. */
export function ContactFormSection({
  enquiry,
  interest,
  onInterestChange,
  onSendAnother,
}: {
  enquiry: EnquiryState;
  interest: Interest;
  onInterestChange: (interest: Interest) => void;
  onSendAnother: () => void;
}) {
  const { result } = enquiry;
  const field = fieldPropsFor(CONTACT_FORM_ID, fields, result);

  return (
    <section aria-labelledby={TITLE_ID} className="py-16 sm:py-20">
      <Container className="grid gap-10 lg:grid-cols-3">
        <Card className="p-6 sm:p-8 lg:col-span-2 lg:self-start">
          <h2 id={TITLE_ID} className="text-3xl text-ink">
            {contactForm.title}
          </h2>
          {result?.status === "success" ? (
            <SuccessPanel
              id={CONTACT_FORM_ID}
              title={contactSuccess.title}
              className="mt-4"
              actions={
                <>
                  {/* Without JavaScript this reloads an empty form. */}
                  <form method="get" action={`/contact#${CONTACT_FORM_ID}`}>
                    <Button
                      type="submit"
                      variant="outline"
                      onClick={(event) => {
                        event.preventDefault();
                        onSendAnother();
                      }}
                    >
                      <RotateCcwIcon aria-hidden="true" />
                      {contactSuccess.again}
                    </Button>
                  </form>
                  <ButtonLink to={contactSuccess.explore.to}>
                    {contactSuccess.explore.label}
                    <ArrowRightIcon aria-hidden="true" />
                  </ButtonLink>
                </>
              }
            >
              <p>{receivedLine(result.interest)}</p>
              <p>{contactSuccess.respond}</p>
            </SuccessPanel>
          ) : (
            <>
              <p className="mt-3 text-muted">{contactForm.lead}</p>
              <EnquiryForm
                id={CONTACT_FORM_ID}
                labelledBy={TITLE_ID}
                enquiry={enquiry}
                fields={fields}
                submitLabel={contactForm.submitLabel}
                pendingLabel={contactForm.pendingLabel}
                failure={contactNotices.failure}
                className="mt-6"
              >
                <div className="grid gap-6 sm:grid-cols-2">
                  <FormField {...field("name")} />
                  <FormField {...field("email")} />
                  <FormField {...field("organization")} />
                  <FormField {...field("role")} />
                </div>
                <FormField
                  {...field("interest")}
                  // Controlled: the interest follows the quick actions and the link that opened the page.
                  defaultValue={undefined}
                  value={interest}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    if (isInterest(value)) onInterestChange(value);
                  }}
                />
                <FormField {...field("message")} rows={5} />
              </EnquiryForm>
            </>
          )}
        </Card>
        <aside aria-label="Our promises and office" className="grid content-start gap-6">
          <Promises />
          <OfficeCard />
        </aside>
      </Container>
    </section>
  );
}
