import type { ComponentProps } from "react";
import { Field, FieldError, FieldHint, FieldLabel, fieldId, Input, Select, Textarea } from "~/components/ui/field";
import { controlAttributes, type FieldSpec } from "~/features/enquiries/fields";

type ControlProps = Omit<
  ComponentProps<"input"> & ComponentProps<"select"> & ComponentProps<"textarea">,
  "name" | "id"
>;

/**
 * One form field rendered from its spec: label (marked optional when it is),
 * hint, error message and the control, with the control's HTML constraints
 * (required, type, maxlength, autocomplete) taken from the same spec the
 * server checks. The control's id is `${formId}-${name}`, which the error
 * summary links to.
 *
 * Pass `value`/`onChange` for a controlled control, or `defaultValue`.
 * `placeholderOption` adds an empty first option to a select ("Select your role").
 */
export function FormField({
  formId,
  name,
  spec,
  error,
  hint,
  placeholderOption,
  className,
  ...control
}: ControlProps & {
  formId: string;
  name: string;
  spec: FieldSpec;
  error?: string;
  hint?: string;
  placeholderOption?: string;
}) {
  const attributes = controlAttributes(spec);
  return (
    <Field name={name} id={fieldId(formId, name)} error={error} hint={hint} className={className}>
      <FieldLabel optional={!spec.required}>{spec.label}</FieldLabel>
      <FieldHint />
      <FieldError />
      {spec.kind === "select" ? (
        <Select
          // HTML allows `required` on a select only when its first option is an
          // empty placeholder; one without (Area of Interest, which defaults to
          // General Information) always has a value, and the server checks it.
          required={placeholderOption !== undefined ? attributes.required : undefined}
          autoComplete={attributes.autoComplete}
          {...(control as ComponentProps<"select">)}
        >
          {placeholderOption !== undefined ? <option value="">{placeholderOption}</option> : null}
          {spec.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      ) : spec.kind === "textarea" ? (
        <Textarea
          required={attributes.required}
          maxLength={attributes.maxLength}
          autoComplete={attributes.autoComplete}
          rows={5}
          {...(control as ComponentProps<"textarea">)}
        />
      ) : (
        <Input
          {...attributes}
          // maxlength does not apply to date inputs; the server still checks it.
          maxLength={spec.kind === "date" ? undefined : attributes.maxLength}
          {...(control as ComponentProps<"input">)}
        />
      )}
    </Field>
  );
}
