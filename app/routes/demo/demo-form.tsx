import { CardFormSection } from "~/components/forms/card-form-section";
import { FormField } from "~/components/forms/form-field";
import type { EnquiryState } from "~/components/forms/use-enquiry";
import { DEMO_FORM_ID, demoFailureAlert, demoForm, demoSuccess } from "~/content/demo";
import { enquiryKinds } from "~/lib/enquiry-kinds";

/** 'Request Your Demo', replaced by 'Demo Request Received!' once sent. */
export function DemoFormSection({ enquiry }: { enquiry: EnquiryState }) {
  return (
    <CardFormSection
      id={DEMO_FORM_ID}
      titleId="request-demo-title"
      enquiry={enquiry}
      fields={enquiryKinds.demo.fields}
      form={demoForm}
      failure={demoFailureAlert}
      success={demoSuccess}
    >
      {(field) => (
        <>
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField {...field("fullName")} />
            <FormField {...field("organization")} />
            <FormField {...field("email")} />
            <FormField {...field("role")} placeholderOption={demoForm.rolePlaceholder} />
          </div>
          <FormField {...field("preferredDate")} hint={demoForm.preferredDateHint} className="sm:max-w-xs" />
          <FormField {...field("message")} hint={demoForm.messageHint} rows={5} />
        </>
      )}
    </CardFormSection>
  );
}
