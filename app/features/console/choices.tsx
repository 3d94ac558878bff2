import type { ReactNode } from "react";

/** A group of radio buttons or checkboxes: its legend, the error when the post was refused, and the choices. */
export function ChoiceFieldset({
  legend,
  errorId,
  error,
  children,
}: {
  legend: string;
  /** The error's id, which the fieldset is described by while there is one. */
  errorId?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="font-semibold">{legend}</legend>
      {error ? (
        <p id={errorId} className="mt-1 font-semibold text-danger-700">
          <span className="sr-only">Error: </span>
          {error}
        </p>
      ) : null}
      <div className="mt-2 grid gap-2">{children}</div>
    </fieldset>
  );
}

/** One radio button or checkbox with its label, and a hint under a bold label when there is one (`${id}-hint`). */
export function Choice({
  type,
  id,
  name,
  value,
  defaultChecked,
  label,
  hint,
}: {
  type: "radio" | "checkbox";
  id: string;
  name: string;
  value: string;
  defaultChecked: boolean;
  label: ReactNode;
  hint?: string;
}) {
  return (
    <div className="flex min-h-11 items-start gap-3">
      <input
        type={type}
        id={id}
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="mt-1 size-5 shrink-0 accent-primary-700"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <div>
          <label htmlFor={id} className="font-semibold">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        </div>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
    </div>
  );
}

/**
 * A Choice for each of `values`, in order: `name`'s radio buttons or
 * checkboxes, with the ids `${idPrefix}-${value}`, those in `checked` ticked.
 */
export function Choices<V extends string>({
  type,
  name,
  idPrefix,
  values,
  checked,
  label,
  hint,
}: {
  type: "radio" | "checkbox";
  name: string;
  idPrefix: string;
  values: readonly V[];
  checked: string | readonly string[];
  label: (value: V) => ReactNode;
  hint?: (value: V) => string;
}) {
  const ticked = typeof checked === "string" ? [checked] : checked;
  return values.map((value) => (
    <Choice
      key={value}
      type={type}
      id={`${idPrefix}-${value}`}
      name={name}
      value={value}
      defaultChecked={ticked.includes(value)}
      label={label(value)}
      hint={hint?.(value)}
    />
  ));
}
