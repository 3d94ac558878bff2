import { CardFormSection, type CardFormProps } from "~/features/enquiries/form/card-form-section";
import { FormField } from "~/features/enquiries/form/form-field";
import type { demoForm } from "~/content/demo";
import { enquiryKinds } from "~/features/enquiries/kinds";

/** What the demo form's island is rendered with: the copy is app/content/demo.ts's. */
export type DemoFormProps = CardFormProps<typeof demoForm>;

/**
 * 'Request Your Demo', replaced by 'Demo Request Received!' once sent: the
 * demo page's island (docs/decisions/015-form-islands.md).
 */
export default function DemoFormIsland(props: DemoFormProps) {
  const demoForm = props.copy.form;
  return (
    <CardFormSection titleId="request-demo-title" fields={enquiryKinds.demo.fields} island={props}>
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
