import { CardFormSection } from "~/components/forms/card-form-section";
import { FormField } from "~/components/forms/form-field";
import type { EnquiryResult } from "~/components/forms/types";
import { useEnquiry } from "~/components/forms/use-enquiry";
import type { advisoryFailureAlert, advisoryNotices, advisoryOn } from "~/content/advisory";
import { enquiryKinds } from "~/lib/enquiry-kinds";

type AdvisoryCopy = ReturnType<typeof advisoryOn>;

/**
 * What the advisory form's island is rendered with, on the server and again
 * in the browser, copy included: the server picks the dated words
 * (app/lib/dated.ts), so the browser renders exactly what it did.
 */
export type AdvisoryFormProps = {
  action: string;
  token: string;
  actionData?: EnquiryResult;
  copy: {
    formId: string;
    form: AdvisoryCopy["form"];
    success: AdvisoryCopy["success"];
    failure: typeof advisoryFailureAlert;
    notices: typeof advisoryNotices;
  };
};

/**
 * The join form, replaced by 'Welcome to the Advisory Network!' once sent:
 * the advisory page's island (docs/decisions/015-form-islands.md).
 */
export default function AdvisoryFormIsland({ action, token, actionData, copy }: AdvisoryFormProps) {
  const { formId, form: advisoryForm, success, failure, notices } = copy;
  const enquiry = useEnquiry({ action, actionData, loaderToken: token, notices });
  return (
    <CardFormSection
      id={formId}
      titleId="join-network-title"
      enquiry={enquiry}
      fields={enquiryKinds.advisory.fields}
      form={advisoryForm}
      failure={failure}
      success={success}
    >
      {(field) => (
        <>
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField {...field("fullName")} />
            <FormField {...field("email")} />
            <FormField {...field("role")} placeholderOption={advisoryForm.rolePlaceholder} />
            <FormField {...field("country")} />
          </div>
          <FormField {...field("reason")} hint={advisoryForm.reasonHint} />
        </>
      )}
    </CardFormSection>
  );
}
