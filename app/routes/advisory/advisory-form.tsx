import { CardFormSection } from "~/components/forms/card-form-section";
import { FormField } from "~/components/forms/form-field";
import type { EnquiryState } from "~/components/forms/use-enquiry";
import { ADVISORY_FORM_ID, advisoryFailureAlert, advisoryOn } from "~/content/advisory";
import { phasesOn } from "~/lib/dated";
import { useContentDate } from "~/lib/use-dated";
import { enquiryKinds } from "~/lib/enquiry-kinds";

/** The join form, replaced by 'Welcome to the Advisory Network!' once sent. */
export function AdvisoryFormSection({ enquiry }: { enquiry: EnquiryState }) {
  const { form: advisoryForm, success: advisorySuccess } = advisoryOn(phasesOn(useContentDate()));
  return (
    <CardFormSection
      id={ADVISORY_FORM_ID}
      titleId="join-network-title"
      enquiry={enquiry}
      fields={enquiryKinds.advisory.fields}
      form={advisoryForm}
      failure={advisoryFailureAlert}
      success={advisorySuccess}
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
