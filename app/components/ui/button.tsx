import { cva, type VariantProps } from "class-variance-authority";
import { ArrowRightIcon } from "lucide-react";
import type { ComponentProps, MouseEvent, MouseEventHandler } from "react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { linkDiscovery } from "~/components/ui/hydration";
import type { Ctas } from "~/platform/company";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-primary-700 text-white hover:bg-primary-800",
        accent: "bg-accent-600 text-white hover:bg-accent-700",
        outline: "border-2 border-primary-700 bg-white text-primary-800 hover:bg-primary-50",
        ghost: "text-primary-800 hover:bg-primary-50",
        inverse: "bg-white text-primary-900 hover:bg-primary-50",
        "outline-inverse": "border-2 border-white text-white hover:bg-white/10",
        /** What cannot be undone (GOV.UK's warning button): red, with a darker bottom edge. */
        danger: "bg-danger-700 text-white shadow-[0_2px_0_var(--color-danger-900)] hover:bg-danger-800",
      },
      size: {
        sm: "min-h-10 px-4 text-sm",
        md: "min-h-11 px-5 text-base",
        lg: "min-h-12 px-7 text-lg",
        icon: "size-11",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

type ButtonVariantProps = VariantProps<typeof buttonVariants>;

/**
 * A real <button>. For navigation use ButtonLink, which renders an <a>.
 * `busy` while what it started is under way (busyButton).
 */
export function Button({
  className,
  variant,
  size,
  type = "button",
  busy,
  onClick,
  ...props
}: ComponentProps<"button"> & ButtonVariantProps & { busy?: boolean }) {
  return (
    <button
      data-slot="button"
      type={type}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
      {...busyButton(busy, onClick)}
    />
  );
}

/**
 * What a button carries while what it started (its form's post) is under
 * way: it says it is unavailable and ignores presses, by mouse, keyboard or a
 * form's Enter, but keeps the keyboard focus. `disabled` would drop the focus
 * to the start of the page, and a keyboard or screen-reader user would have
 * to find their place again (WCAG 2.4.3).
 */
export function busyButton(busy: boolean | undefined, onClick?: MouseEventHandler<HTMLButtonElement>) {
  if (!busy) return { onClick };
  return {
    "aria-disabled": true,
    onClick: (event: MouseEvent<HTMLButtonElement>) => event.preventDefault(),
  } as const;
}

/**
 * A link that looks like a button. Internal paths use the router's <Link>;
 * mailto:, tel:, downloads and external URLs render a plain <a>.
 */
export function ButtonLink({
  className,
  variant,
  size,
  to,
  reloadDocument,
  ...props
}: Omit<ComponentProps<"a">, "href"> & ButtonVariantProps & { to: string; reloadDocument?: boolean }) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (isInternalRoute(to) && !props.download) {
    return (
      <Link
        data-slot="button"
        to={to}
        discover={linkDiscovery(to)}
        reloadDocument={reloadDocument}
        className={classes}
        {...props}
      />
    );
  }
  return <a data-slot="button" href={to} className={classes} {...props} />;
}

/** True for site-relative paths that the router can handle client-side. */
function isInternalRoute(to: string) {
  return to.startsWith("/") && !to.startsWith("//") && !/\.(pdf|xml|txt)$/.test(to.split(/[?#]/)[0] ?? "");
}

/**
 * A plain link that looks like a button, for a form island
 * (docs/decisions/015-form-islands.md): no router there, the browser follows it.
 */
export function ButtonAnchor({ className, variant, size, ...props }: ComponentProps<"a"> & ButtonVariantProps) {
  return <a data-slot="button" className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

/**
 * A call to action's buttons, in a row that wraps: the first, the main one,
 * solid and led on by an arrow; any other outlined. `inverse` on a dark
 * background.
 */
export function CtaButtons({
  ctas,
  inverse = false,
  size,
  className,
}: {
  ctas: Ctas;
  inverse?: boolean;
  size?: ButtonVariantProps["size"];
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      {ctas.map((cta, i) => (
        <ButtonLink
          key={cta.to + cta.label}
          to={cta.to}
          size={size}
          variant={i === 0 ? (inverse ? "inverse" : "primary") : inverse ? "outline-inverse" : "outline"}
        >
          {cta.label}
          {i === 0 ? <ArrowRightIcon aria-hidden="true" /> : null}
        </ButtonLink>
      ))}
    </div>
  );
}
