import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * A console form that posts: the `hiddenFields` (what it does, the id of
 * what it acts on, where to go back to) as hidden inputs, in order, before
 * what it shows.
 */
export function PostForm({
  hiddenFields,
  children,
  ...props
}: { hiddenFields: Record<string, string> } & Omit<ComponentProps<typeof Form>, "method">) {
  return (
    <Form method="post" {...props}>
      {Object.entries(hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** A form's submit button, on a line of its own; `busy` while the console is loading or posting. */
export function SubmitButton({
  busy,
  variant,
  children,
}: {
  busy?: boolean;
  variant?: ComponentProps<typeof Button>["variant"];
  children: ReactNode;
}) {
  return (
    <div>
      <Button type="submit" variant={variant} busy={busy}>
        {children}
      </Button>
    </div>
  );
}

/** A form that is one submit button, posting `hiddenFields` (its intent, and what it acts on). */
export function ButtonForm({
  hiddenFields,
  formClassName,
  ...button
}: {
  hiddenFields: Record<string, string>;
  /** The form's own classes (placing it); the button's are `className`. */
  formClassName?: string;
} & Omit<ComponentProps<typeof Button>, "type">) {
  return (
    <PostForm hiddenFields={hiddenFields} className={formClassName}>
      <Button type="submit" {...button} />
    </PostForm>
  );
}
