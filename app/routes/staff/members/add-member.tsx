import { Form } from "react-router";
import { Choice, ChoiceFieldset } from "~/features/console/choices";
import { SubmitButton } from "~/features/console/post-form";
import { Field, FieldError, FieldHint, FieldLabel, Input } from "~/components/ui/field";
import { staffRoleLabels, type StaffRole } from "~/features/console/types";
import type { Values } from "./types";

/** What each role may do, under its name. */
const roleHints: Record<StaffRole, string> = {
  staff: "Inbox, notes, exports and retries.",
  admin: "Everything staff can do, plus staff, data requests and the audit log.",
};

/** "Add a member of staff": their name, address and role; they are e-mailed how to sign in. */
export function AddMember({
  values,
  fieldError,
}: {
  values?: Values;
  fieldError: (field: string) => string | undefined;
}) {
  return (
    <section aria-labelledby="add-heading" className="mt-12 max-w-xl">
      <h2 id="add-heading" className="text-2xl">
        Add a member of staff
      </h2>
      <Form method="post" aria-labelledby="add-heading" className="mt-4 grid gap-6" noValidate>
        <input type="hidden" name="intent" value="add" />
        <Field name="name" id="member-name" error={fieldError("member-name")}>
          <FieldLabel>Name</FieldLabel>
          <FieldError />
          <Input defaultValue={values?.name ?? ""} autoComplete="off" required />
        </Field>
        <Field
          name="email"
          id="member-email"
          hint="They will get an e-mail telling them how to sign in."
          error={fieldError("member-email")}
        >
          <FieldLabel>E-mail address</FieldLabel>
          <FieldHint />
          <FieldError />
          <Input type="email" defaultValue={values?.email ?? ""} autoComplete="off" spellCheck={false} required />
        </Field>
        <ChoiceFieldset legend="Role">
          {(["staff", "admin"] as const).map((value) => (
            <Choice
              key={value}
              type="radio"
              id={`role-${value}`}
              name="role"
              value={value}
              defaultChecked={(values?.role ?? "staff") === value}
              label={staffRoleLabels[value]}
              hint={roleHints[value]}
            />
          ))}
        </ChoiceFieldset>
        <SubmitButton>Add</SubmitButton>
      </Form>
    </section>
  );
}
