import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/components/ui/cn";

const badgeVariants = cva(
  "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold [&_svg]:size-3.5",
  {
    variants: {
      variant: {
        primary: "bg-primary-50 text-primary-800",
        accent: "bg-accent-50 text-accent-800",
        neutral: "bg-surface text-ink",
        danger: "bg-danger-50 text-danger-700",
        warning: "bg-warning-50 text-warning-800",
        success: "bg-success-50 text-success-800",
        inverse: "bg-white/15 text-white",
      },
    },
    defaultVariants: { variant: "primary" },
  },
);

export function Badge({ className, variant, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
