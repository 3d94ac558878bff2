import type { ReactNode } from "react";

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
