import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { commitment } from "~/content/contact";

export function Commitment() {
  return (
    <Section tone="muted" heading={{ id: "commitment-title", ...commitment }}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {commitment.items.map((item) => (
          <li key={item.title}>
            <Card className="h-full">
              <CardIcon>
                <item.icon />
              </CardIcon>
              <CardTitle className="text-lg!">{item.title}</CardTitle>
              <CardDescription>{item.body}</CardDescription>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
