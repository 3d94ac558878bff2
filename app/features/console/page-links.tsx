import { Link } from "react-router";

/** "Newer" and "Older" links between the pages of a console list, newest first; nothing when there is one page. */
export function PageLinks({
  page,
  pages,
  href,
  label,
}: {
  page: number;
  pages: number;
  /** The address of page `n`. */
  href: (n: number) => string;
  /** The navigation landmark's name. */
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className="underline underline-offset-2">
          Newer
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={href(page + 1)} className="underline underline-offset-2">
          Older
        </Link>
      ) : null}
    </nav>
  );
}
