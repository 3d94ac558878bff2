import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import type { SiteLink } from "~/platform/company";

/**
 * A text link led by a small decorative icon, tall enough to tap. `inverse`
 * is for a dark background: there it is underlined until hovered, elsewhere
 * only when hovered.
 */
export function IconLink({
  link,
  icon: Icon,
  inverse = false,
}: {
  link: SiteLink;
  icon: LucideIcon;
  inverse?: boolean;
}) {
  return (
    <Link
      to={link.to}
      className={cn(
        "inline-flex min-h-11 items-center gap-2 font-semibold",
        inverse
          ? "text-white underline underline-offset-4 hover:no-underline"
          : "text-primary-800 underline-offset-4 hover:underline",
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {link.label}
    </Link>
  );
}
