import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
import { Section, SectionHeading } from "~/components/ui/section";
import { benefits } from "~/content/advisory";

/** Stay Updated, Share Feedback, Global Community. */
export function Benefits() {
  return (
    <Section tone="muted" aria-labelledby="advisory-benefits-title">
      <SectionHeading id="advisory-benefits-title" title={benefits.title} />
      <ul className="grid gap-6 md:grid-cols-3">
        {benefits.cards.map((card) => (
          <li key={card.title}>
            <Card className="h-full">
              <CardIcon>
                <card.icon />
              </CardIcon>
              <CardTitle>{card.title}</CardTitle>
              <CardDescription>{card.body}</CardDescription>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
