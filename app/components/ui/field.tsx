import { createContext, useContext, useId, useLayoutEffect, useRef, type ComponentProps } from "react";
import { restoreTypedText } from "~/components/ui/typed-before-hydration";
import { cn } from "~/components/ui/cn";

/**
 * Form fields in the GOV.UK / NHS.UK pattern, as small composable parts:
 *
 *   <Field name="email" error={errors.email} hint="We reply to this address">
 *     <FieldLabel>Email Address</FieldLabel>
 *     <FieldHint />
 *     <FieldError />
 *     <Input type="email" required />
 *   </Field>
 *
 * The control gets the field's id and name, `aria-invalid` when there is an
 * error, and `aria-describedby` pointing at the hint and the error message.
 */
type FieldState = { id: string; name: string; hintId: string; errorId: string; hint?: string; error?: string };

const FieldContext = createContext<FieldState | null>(null);

function useField() {
  const field = useContext(FieldContext);
  if (!field) throw new Error("Field parts must be used inside <Field>");
  return field;
}

/** The id a field's control gets, so an error summary can link to it. */
export function fieldId(formId: string, name: string) {
  return `${formId}-${name}`;
}

export function Field({
  name,
  id,
  hint,
  error,
  className,
  ...props
}: ComponentProps<"div"> & { name: string; id?: string; hint?: string; error?: string }) {
  const generated = useId();
  const controlId = id ?? `${generated}-${name}`;
  return (
    <FieldContext.Provider
      value={{ id: controlId, name, hint, error, hintId: `${controlId}-hint`, errorId: `${controlId}-error` }}
    >
      <div
        data-slot="field"
        data-invalid={error ? "" : undefined}
        className={cn("grid gap-1.5", className)}
        {...props}
      />
    </FieldContext.Provider>
  );
}

export function FieldLabel({
  className,
  children,
  optional,
  ...props
}: ComponentProps<"label"> & { optional?: boolean }) {
  const { id } = useField();
  return (
    <label data-slot="field-label" htmlFor={id} className={cn("font-semibold text-ink", className)} {...props}>
      {children}
      {optional ? <span className="font-normal text-muted"> (optional)</span> : null}
    </label>
  );
}

export function FieldHint({ className, ...props }: ComponentProps<"p">) {
  const { hint, hintId } = useField();
  if (!hint) return null;
  return (
    <p data-slot="field-hint" id={hintId} className={cn("text-sm text-muted", className)} {...props}>
      {hint}
    </p>
  );
}

export function FieldError({ className, ...props }: ComponentProps<"p">) {
  const { error, errorId } = useField();
  if (!error) return null;
  return (
    <p data-slot="field-error" id={errorId} className={cn("font-semibold text-danger-700", className)} {...props}>
      <span className="sr-only">Error: </span>
      {error}
    </p>
  );
}

function useControlProps() {
  const { id, name, hint, error, hintId, errorId } = useField();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

const controlClasses =
  "w-full rounded-lg border-2 border-muted bg-white px-3 py-2 text-base text-ink placeholder:text-muted/80 focus-visible:border-primary-700 data-[invalid]:border-danger-700 aria-[invalid=true]:border-danger-700";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input data-slot="input" className={cn(controlClasses, "min-h-11", className)} {...useControlProps()} {...props} />
  );
}

/** A textarea that keeps what was typed into it before the page hydrated (~/components/ui/typed-before-hydration). */
export function Textarea({ className, ...props }: Omit<ComponentProps<"textarea">, "ref">) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => restoreTypedText(ref.current), []);
  return (
    <textarea
      ref={ref}
      data-slot="textarea"
      className={cn(controlClasses, "min-h-[120px]", className)}
      {...useControlProps()}
      {...props}
    />
  );
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      data-slot="select"
      className={cn(controlClasses, "min-h-11 pr-8", className)}
      {...useControlProps()}
      {...props}
    />
  );
}
