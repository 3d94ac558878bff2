import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
import { Section, SectionHeading } from "~/components/ui/section";
import { audiences } from "~/content/demo";
import { PilotNote } from "./pilot-note";

/** For Mothers, For Providers, For Ministries; then the national pilot note. */
export function Audiences() {
  return (
    <Section tone="muted" aria-labelledby="demo-audiences-title">
      <SectionHeading id="demo-audiences-title" title={audiences.title} />
      <ul className="grid gap-6 md:grid-cols-3">
        {audiences.cards.map((card) => (
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
      <PilotNote />
    </Section>
  );
}
