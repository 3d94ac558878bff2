import { CardFormSection, type CardFormProps } from "~/features/enquiries/form/card-form-section";
import { FormField } from "~/features/enquiries/form/form-field";
import type { advisoryOn } from "~/content/advisory";
import { enquiryKinds } from "~/features/enquiries/kinds";

/** What the advisory form's island is rendered with: the copy is app/content/advisory.ts's, on the day. */
export type AdvisoryFormProps = CardFormProps<ReturnType<typeof advisoryOn>["form"]>;

/**
 * The join form, replaced by 'Welcome to the Advisory Network!' once sent:
 * the advisory page's island (docs/decisions/015-form-islands.md).
 */
export default function AdvisoryFormIsland(props: AdvisoryFormProps) {
  const advisoryForm = props.copy.form;
  return (
    <CardFormSection titleId="join-network-title" fields={enquiryKinds.advisory.fields} island={props}>
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
