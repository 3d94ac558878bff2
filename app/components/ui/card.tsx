import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/components/ui/cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="card"
      className={cn("rounded-card border border-line bg-white p-6 shadow-card", className)}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: ComponentProps<"h3">) {
  return <h3 data-slot="card-title" className={cn("text-xl font-semibold text-ink", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("mt-2 text-muted", className)} {...props} />;
}

/** A round icon holder for the top of a card (lucide icons are decorative here). */
export function CardIcon({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="card-icon"
      aria-hidden="true"
      className={cn(
        "mb-4 inline-flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-700 [&_svg]:size-6",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A list of cards, one per item, each stretched to its row's height.
 * `className` lays out the list; `children` draws what goes inside an item's card.
 * The items are fixed content, never reordered, so an item's place is its key.
 */
export function CardGrid<Item>({
  items,
  ordered = false,
  className,
  itemClassName = "flex",
  cardClassName = "flex-1",
  children,
}: {
  items: readonly Item[];
  /** An <ol>, for steps and phases. */
  ordered?: boolean;
  className: string;
  itemClassName?: string;
  cardClassName?: string;
  children: (item: Item, index: number) => ReactNode;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <List className={className}>
      {items.map((item, index) => (
        <li key={index} className={itemClassName}>
          <Card className={cardClassName}>{children(item, index)}</Card>
        </li>
      ))}
    </List>
  );
}
