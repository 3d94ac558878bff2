import { CalendarClockIcon, FlagIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import type { RoadmapItem } from "~/content/milestones";
import { highlightedRoadmapIndex, roadmapOn, statusWords } from "~/content/dated";
import { useContentDate } from "~/lib/use-dated";
import { cn } from "~/components/ui/cn";

/**
 * The company roadmap: an ordered list of milestones, each
 * with its year, title, description and a status badge that says the status
 * in words, derived from the date (app/content/dated.ts). The item in progress,
 * or else the upcoming one, is highlighted. Used on /product and /investors.
 *
 * `headingLevel` sets the level of each item's title so the list fits the
 * page's heading outline (h3 under a section's h2 by default).
 */
export function Roadmap({
  items,
  headingLevel = "h3",
  inverse = false,
  className,
}: {
  items?: readonly RoadmapItem[];
  headingLevel?: "h2" | "h3" | "h4";
  /** For dark sections: keeps the cards white so their text keeps its contrast. */
  inverse?: boolean;
  className?: string;
}) {
  const Heading = headingLevel;
  const date = useContentDate();
  const shown = items ?? roadmapOn(date);
  const highlight = highlightedRoadmapIndex(shown);
  return (
    <ol data-slot="roadmap" className={cn("grid gap-6 md:grid-cols-3", className)}>
      {shown.map((item, index) => {
        const highlighted = index === highlight;
        const Icon = highlighted ? FlagIcon : CalendarClockIcon;
        return (
          <li
            key={`${item.year}-${item.title}`}
            data-status={item.status}
            className={cn(
              "relative flex flex-col rounded-card border bg-white p-6 shadow-card",
              highlighted ? "border-accent-600 ring-2 ring-accent-600" : "border-line",
              inverse && !highlighted && "border-transparent",
            )}
          >
            <div className="mb-4 flex items-center justify-between gap-3">
              <span
                aria-hidden="true"
                className={cn(
                  "inline-flex size-11 items-center justify-center rounded-full [&_svg]:size-5",
                  highlighted ? "bg-accent-600 text-white" : "bg-primary-50 text-primary-700",
                )}
              >
                <Icon />
              </span>
              <Badge variant={highlighted ? "accent" : "neutral"}>
                <span className="sr-only">Status: </span>
                {statusWords[item.status]}
              </Badge>
            </div>
            <p className="text-3xl font-semibold text-primary-800">{item.year}</p>
            <Heading className="mt-1 text-xl text-ink">{item.title}</Heading>
            <p className="mt-2 text-muted">{item.description}</p>
          </li>
        );
      })}
    </ol>
  );
}
