import { MailIcon, MapPinIcon, PhoneIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { company, footerNav, formatAddress } from "~/platform/company";
import { BrandName } from "~/components/ui/brand";
import { linkDiscovery } from "~/components/ui/hydration";

/** A line of the footer's contact details: its icon, then the detail, a link where it has an `href`. */
function ContactLine({ icon: Icon, href, children }: { icon: LucideIcon; href?: string; children: ReactNode }) {
  return (
    <p className="flex gap-2">
      <Icon aria-hidden="true" className="mt-1 size-4 shrink-0" />
      {href ? (
        <a href={href} className="underline underline-offset-2 hover:text-white">
          {children}
        </a>
      ) : (
        <span>{children}</span>
      )}
    </p>
  );
}

export function SiteFooter() {
  return (
    <footer className="bg-primary-950 text-primary-50">
      <div className="mx-auto grid max-w-content gap-10 px-4 py-14 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <BrandName className="text-white" />
          <p className="mt-3 max-w-xs">{company.tagline}. Secure, portable maternal records for every pregnancy.</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Explore</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2">
            {footerNav.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  discover={linkDiscovery(item.to)}
                  className="underline-offset-2 hover:text-white hover:underline"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Contact</h2>
          <address className="mt-4 grid gap-3 not-italic">
            <ContactLine icon={MapPinIcon}>
              {company.legalName}
              <br />
              {formatAddress()}
            </ContactLine>
            <ContactLine icon={PhoneIcon} href={`tel:${company.telephone.e164}`}>
              {company.telephone.display}
            </ContactLine>
            <ContactLine icon={MailIcon} href={`mailto:${company.email.enquiries}`}>
              {company.email.enquiries}
            </ContactLine>
          </address>
        </div>
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-content px-4 py-6 text-sm sm:px-6 lg:px-8">
          © {company.copyrightYear} {company.legalName}. All rights reserved. Registered in Scotland.
        </p>
      </div>
    </footer>
  );
}
