import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
import { Section, SectionHeading } from "~/components/ui/section";
import { problem } from "~/content/investors";
import { investorIcons } from "./investor-cards";

export function Problem() {
  return (
    <Section aria-labelledby="problem-title">
      <SectionHeading id="problem-title" eyebrow={problem.eyebrow} title={problem.title} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
        <div className="rounded-card bg-accent-50 p-6 sm:p-8">
          <p className="text-5xl font-semibold text-accent-700 sm:text-6xl">{problem.headline.value}</p>
          <p className="mt-2 text-lg font-semibold text-ink">{problem.headline.label}</p>
          <p className="mt-4 text-ink">{problem.lead}</p>
          <ul className="mt-6 grid gap-3 border-t border-accent-200 pt-6">
            {problem.supportingFigures.map((figure) => (
              <li key={figure.label} className="grid grid-cols-[4.5rem_1fr] items-baseline gap-3">
                <span className="text-2xl font-semibold text-accent-800">{figure.value}</span>{" "}
                <span className="text-ink">{figure.label}</span>
              </li>
            ))}
          </ul>
        </div>
        <ul className="grid gap-4">
          {problem.points.map((point) => {
            const Icon = investorIcons[point.id];
            return (
              <li key={point.id}>
                <Card className="flex gap-4 sm:gap-5">
                  <CardIcon className="mb-0! shrink-0 bg-accent-50! text-accent-700!">
                    <Icon />
                  </CardIcon>
                  <div>
                    <CardTitle>{point.title}</CardTitle>
                    <CardDescription>{point.description}</CardDescription>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      </div>
    </Section>
  );
}
