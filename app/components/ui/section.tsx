import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/** Centres content at the site's content width (about 72rem) with side padding. */
export function Container({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="container"
      className={cn("mx-auto w-full max-w-content px-4 sm:px-6 lg:px-8", className)}
      {...props}
    />
  );
}

const tones = {
  default: "bg-white",
  muted: "bg-surface",
  primary: "bg-primary-900 text-white",
} as const;

type HeadingProps = Parameters<typeof SectionHeading>[0] & { id: string };

/**
 * A page section with the site's vertical rhythm. With `heading`, it opens
 * with the recurring eyebrow, heading and lead, which also label it.
 */
export function Section({
  className,
  tone = "default",
  heading,
  children,
  ...props
}: ComponentProps<"section"> & { tone?: keyof typeof tones; heading?: HeadingProps }) {
  return (
    <section
      data-slot="section"
      aria-labelledby={heading?.id}
      className={cn("py-16 sm:py-20", tones[tone], className)}
      {...props}
    >
      <Container>
        {heading ? <SectionHeading {...heading} /> : null}
        {children}
      </Container>
    </section>
  );
}

/**
 * The recurring heading pattern: eyebrow, heading, one-paragraph lead.
 * Pass `id` to label the enclosing section with `aria-labelledby`.
 */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  align = "center",
  as: Heading = "h2",
  inverse = false,
  className,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  id?: string;
  align?: "center" | "start";
  as?: "h1" | "h2";
  inverse?: boolean;
  className?: string;
}) {
  return (
    <div
      data-slot="section-heading"
      className={cn("mb-10 max-w-3xl", align === "center" && "mx-auto text-center", className)}
    >
      {eyebrow ? (
        <p
          className={cn(
            "mb-3 text-sm font-semibold tracking-wider uppercase",
            inverse ? "text-primary-100" : "text-accent-700",
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <Heading
        id={id}
        className={cn(
          Heading === "h1" ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl",
          inverse ? "text-white" : "text-ink",
        )}
      >
        {title}
      </Heading>
      {lead ? <p className={cn("mt-4 text-lg", inverse ? "text-primary-50" : "text-muted")}>{lead}</p> : null}
    </div>
  );
}
