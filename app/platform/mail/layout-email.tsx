/**
 * A template that is the branded layout filled from its props
 * (./layout.tsx): its subject, its sample props and the layout's parts, and
 * the component that renders them, declared once.
 */
import { defineEmail, type EmailTemplate } from "./define";
import { EmailLayout, StaffEmailLayout, type EmailLayoutProps } from "./layout";

export type LayoutEmail<P> = {
  subject: (props: P) => string;
  /** Sample props for previews and tests. */
  PreviewProps: P;
  /** The layout's title, intro, sections, calls to action... for these props. */
  layout: (props: P) => EmailLayoutProps;
  /** In the staff layout (StaffEmailLayout: no tracking on links, no branding). */
  staff?: true;
};

/** Declares a template (defineEmail) whose component is the layout with `layout(props)`. */
export function defineLayoutEmail<P extends object>(email: LayoutEmail<P>): EmailTemplate<P> {
  const Layout = email.staff ? StaffEmailLayout : EmailLayout;
  return defineEmail({
    subject: email.subject,
    Email: (props: P) => <Layout {...email.layout(props)} />,
    PreviewProps: email.PreviewProps,
  });
}
