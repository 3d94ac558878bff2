import type { LucideIcon } from "lucide-react";
import { Card, CardDescription, CardIcon, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/utils";

type IconCardContent = { icon: LucideIcon; title: string; body: string };

/** Cards with an icon, an h3 title and a short description; `cardClassName` styles every card. */
export function IconCardGrid({
  cards,
  columns = 3,
  className,
  cardClassName,
}: {
  cards: readonly IconCardContent[];
  columns?: 2 | 3 | 4 | 5;
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
    <ul className={cn("grid gap-6", cols, className)}>
      {cards.map((card) => (
        <li key={card.title} className="flex">
          <Card className={cn("flex-1", cardClassName)}>
            <CardIcon>
              <card.icon />
            </CardIcon>
            <CardTitle>{card.title}</CardTitle>
            <CardDescription>{card.body}</CardDescription>
          </Card>
        </li>
      ))}
    </ul>
  );
}
