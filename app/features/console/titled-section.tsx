import type { ReactNode } from "react";

/** A section of a console page under its heading (`id` names it, for the section's aria-labelledby). */
export function TitledSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
