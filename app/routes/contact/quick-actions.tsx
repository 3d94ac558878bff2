import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
import { Container } from "~/components/ui/section";
import { CONTACT_FORM_ID, quickActions, quickActionsTitle, type QuickAction } from "~/content/contact";
import { linkDiscovery } from "~/components/ui/hydration";

const linkClasses =
  "mt-4 inline-flex items-center gap-2 font-semibold text-primary-800 underline-offset-4 hover:underline after:absolute after:inset-0 after:content-['']";

/**
 * Static HTML (the page is not hydrated: docs/decisions/015-form-islands.md).
 * The form's island handles a click on an interest action.
 */
export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-title" className="bg-surface py-12 sm:py-16">
      <Container>
        <h2 id="quick-actions-title" className="sr-only">
          {quickActionsTitle}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {quickActions.map((action) => (
            <li key={action.title}>
              <Card className="relative h-full transition-shadow focus-within:shadow-lg hover:shadow-lg">
                <CardIcon>
                  <action.icon />
                </CardIcon>
                <CardTitle>{action.title}</CardTitle>
                <CardDescription>{action.body}</CardDescription>
                <QuickActionLink action={action} />
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function QuickActionLink({ action }: { action: QuickAction }) {
  const content = (
    <>
      <span className={action.kind === "mail" ? "break-all" : undefined}>{action.label}</span>
      <ArrowRightIcon aria-hidden="true" className="size-4 shrink-0" />
    </>
  );
  switch (action.kind) {
    case "link":
      return (
        <Link to={action.to} discover={linkDiscovery(action.to)} className={linkClasses}>
          {content}
        </Link>
      );
    case "mail":
      return (
        <a href={`mailto:${action.email}`} className={linkClasses}>
          {content}
        </a>
      );
    case "interest":
      // Without JavaScript the link reloads the page with the interest in the
      // query string (the loader fills it in) and the hash scrolls to the form;
      // with it, the form's island sets the interest in place (contact-form.tsx).
      return (
        <a
          href={`/contact?interest=${action.interest}#${CONTACT_FORM_ID}`}
          data-interest-action=""
          className={linkClasses}
        >
          {content}
        </a>
      );
  }
}
