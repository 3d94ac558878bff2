import { CircleCheckIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/**
 * What replaces a form once it has been sent. It keeps the form's id (so the
 * form's URL hash still lands here) and moves focus to its heading, so screen
 * reader users hear the confirmation at once.
 */
export function SuccessPanel({
  id,
  title,
  children,
  actions,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  className?: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const headingId = successTitleId(id);
  return (
    <div
      id={id}
      data-slot="success-panel"
      className={cn("flex scroll-mt-28 flex-col items-center py-6 text-center", className)}
    >
      <div
        aria-hidden="true"
        className="mb-5 inline-flex size-16 items-center justify-center rounded-full bg-success-50 text-success-800 [&_svg]:size-9"
      >
        <CircleCheckIcon />
      </div>
      <h2 ref={headingRef} id={headingId} tabIndex={-1} autoFocus className="text-2xl text-ink sm:text-3xl">
        {title}
      </h2>
      <div className="mt-4 max-w-xl space-y-2 text-lg text-muted">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </div>
  );
}

/** The id of a success panel's heading (for aria-labelledby on the enclosing section). */
export function successTitleId(formId: string) {
  return `${formId}-success-title`;
}
