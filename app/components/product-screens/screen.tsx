import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/**
 * The frame of a product "screen": the screens are built in HTML/CSS/SVG
 * (DESIGN.md: no screenshots, no raster images). They show sample data only,
 * and each says so to screen readers in its caption.
 */
export function Screen({ caption, className, children }: { caption: string; className?: string; children: ReactNode }) {
  return (
    <figure
      data-slot="product-screen"
      className={cn("w-full max-w-md rounded-card border border-line bg-white p-5 text-ink shadow-card", className)}
    >
      <figcaption className="sr-only">{caption}</figcaption>
      {children}
    </figure>
  );
}

/** The screen's title bar: an icon, the title, and anything set to its right. */
export function ScreenTitle({ icon, children, aside }: { icon: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-4 flex items-center justify-between gap-3 border-b border-line pb-3">
      <p className="flex items-center gap-2 font-semibold">
        <span
          aria-hidden="true"
          className="inline-flex size-8 items-center justify-center rounded-full bg-primary-50 text-primary-700 [&_svg]:size-4"
        >
          {icon}
        </span>
        {children}
      </p>
      {aside}
    </div>
  );
}
