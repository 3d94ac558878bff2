import type { ComponentProps } from "react";
import { CardDescription, CardGrid, CardIcon, CardTitle } from "~/components/ui/card";
import { Section } from "~/components/ui/section";
import { cn } from "~/components/ui/cn";
import type { IconCard } from "~/content/product";

/** Cards with an icon, an h3 title and a short description; `cardClassName` styles every card. */
export function IconCardGrid({
  cards,
  columns = 3,
  large = false,
  className,
  cardClassName,
}: {
  cards: readonly IconCard[];
  columns?: 2 | 3 | 4 | 5;
  /** A bigger title and description, for a pair of cards that carry a page (mission and vision). */
  large?: boolean;
  className?: string;
  cardClassName?: string;
}) {
  const cols = {
    2: "md:grid-cols-2",
    3: "md:grid-cols-3",
    4: "sm:grid-cols-2 lg:grid-cols-4",
    // 3 then 2 on wide screens: a 6-column grid where the first 3 span 2 and the last 2 span 3.
    5: "sm:grid-cols-2 lg:grid-cols-6 lg:[&>li:nth-child(-n+3)]:col-span-2 lg:[&>li:nth-child(n+4)]:col-span-3",
  }[columns];
  return (
    <CardGrid items={cards} className={cn("grid gap-6", cols, className)} cardClassName={cn("flex-1", cardClassName)}>
      {(card) => (
        <>
          <CardIcon>
            <card.icon />
          </CardIcon>
          <CardTitle className={large ? "text-2xl!" : undefined}>{card.title}</CardTitle>
          <CardDescription className={large ? "text-lg" : undefined}>{card.body}</CardDescription>
        </>
      )}
    </CardGrid>
  );
}

/** A section of icon cards under their eyebrow, title and lead, all taken from `content`. */
export function IconCardSection({
  id,
  content,
  tone,
  columns,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  content: { eyebrow?: string; title: string; lead?: string; cards: readonly IconCard[] };
  tone?: ComponentProps<typeof Section>["tone"];
  columns?: ComponentProps<typeof IconCardGrid>["columns"];
}) {
  return (
    <Section tone={tone} heading={{ id, ...content }}>
      <IconCardGrid cards={content.cards} columns={columns} />
    </Section>
  );
}
