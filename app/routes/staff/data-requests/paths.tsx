import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * The data request pages (listed in app/features/console/sections.ts).
 * Each step after the search is a POST carrying the address in the body,
 * never in a URL.
 */
export const dataRequestPaths = {
  search: "/staff/data-requests",
  download: "/staff/data-requests/export",
  erase: "/staff/data-requests/erase",
} as const;

/** A one-button form that posts the person's address to another step. */
export function SubjectForm({
  action,
  email,
  reloadDocument,
  children,
}: {
  action: string;
  email: string;
  reloadDocument?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} reloadDocument={reloadDocument}>
      <input type="hidden" name="email" value={email} />
      {children}
    </Form>
  );
}
