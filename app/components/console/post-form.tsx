import type { ComponentProps } from "react";
import { Form } from "react-router";

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
