import { Link } from "react-email";
import type { EmailLink } from "./links";
import { ctaMarker } from "./plain-text";
import { styles } from "./styles";

/** Links on one line separated by " · " (secondary calls to action, social links). */
export function LinkList({ links, cta = false }: { links: readonly EmailLink[]; cta?: boolean }) {
  return links.map((link, index) => (
    <span key={`${link.label}-${index}`}>
      {index > 0 ? " · " : null}
      <Link href={link.url} style={styles.link} {...(cta ? ctaMarker : {})}>
        {link.label}
      </Link>
    </span>
  ));
}
