import { CardFormSection } from "~/components/forms/card-form-section";
import { FormField } from "~/components/forms/form-field";
import type { EnquiryResult } from "~/components/forms/types";
import { useEnquiry } from "~/components/forms/use-enquiry";
import type { demoFailureAlert, demoForm, demoNotices, demoSuccess } from "~/content/demo";
import { enquiryKinds } from "~/lib/enquiry-kinds";

/**
 * What the demo form's island is rendered with, on the server and again in
 * the browser, copy included (app/routes/contact/contact-form.tsx says why).
 */
export type DemoFormProps = {
  action: string;
  token: string;
  actionData?: EnquiryResult;
  copy: {
    formId: string;
    form: typeof demoForm;
    success: typeof demoSuccess;
    failure: typeof demoFailureAlert;
    notices: typeof demoNotices;
  };
};

/**
 * 'Request Your Demo', replaced by 'Demo Request Received!' once sent: the
 * demo page's island (docs/decisions/015-form-islands.md).
 */
export default function DemoFormIsland({ action, token, actionData, copy }: DemoFormProps) {
  const { formId, form: demoForm, success, failure, notices } = copy;
  const enquiry = useEnquiry({ action, actionData, loaderToken: token, notices });
  return (
    <CardFormSection
      id={formId}
      titleId="request-demo-title"
      enquiry={enquiry}
      fields={enquiryKinds.demo.fields}
      form={demoForm}
      failure={failure}
      success={success}
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
