import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/** A list whose items each start with the same mark (a tick, a dot), hidden from assistive technology. */
export function CheckList({
  items,
  mark,
  className,
  itemClassName,
}: {
  items: readonly string[];
  /** The decoration before each item; give it `aria-hidden`. */
  mark: ReactNode;
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul data-slot="check-list" className={className}>
      {items.map((item) => (
        <li key={item} className={itemClassName}>
          {mark}
          {item}
        </li>
      ))}
    </ul>
  );
}

/**
 * A list of short points, each an h3 title and a line of text beside a
 * marker that `marker` draws (an icon, a number; give it `aria-hidden`).
 */
export function MarkedList<Item extends { title: string; body: string }>({
  items,
  ordered = false,
  marker,
  className,
  itemClassName = "flex gap-4",
  titleClassName = "text-xl",
  "aria-label": label,
}: {
  items: readonly Item[];
  /** An <ol>, where the order matters. */
  ordered?: boolean;
  marker: (item: Item, index: number) => ReactNode;
  className: string;
  itemClassName?: string;
  titleClassName?: string;
  "aria-label"?: string;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <List className={className} aria-label={label}>
      {items.map((item, index) => (
        <li key={item.title} className={itemClassName}>
          {marker(item, index)}
          <div>
            <h3 className={titleClassName}>{item.title}</h3>
            <p className="mt-1 text-muted">{item.body}</p>
          </div>
        </li>
      ))}
    </List>
  );
}

/** A MarkedList marker: an icon in a round disc, coloured by `className`. */
export function IconDisc({ icon: Icon, className }: { icon: LucideIcon; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-11 shrink-0 items-center justify-center rounded-full",
        className,
        "[&_svg]:size-5",
      )}
    >
      <Icon />
    </span>
  );
}
