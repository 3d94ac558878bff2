import { MailIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import { Link } from "react-router";
import { company, footerNav, formatAddress } from "~/content/company";
import { BrandName } from "./brand";
import { linkDiscovery } from "~/lib/hydration";

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
            <p className="flex gap-2">
              <MapPinIcon aria-hidden="true" className="mt-1 size-4 shrink-0" />
              <span>
                {company.legalName}
                <br />
                {formatAddress()}
              </span>
            </p>
            <p className="flex gap-2">
              <PhoneIcon aria-hidden="true" className="mt-1 size-4 shrink-0" />
              <a href={`tel:${company.telephone.e164}`} className="underline underline-offset-2 hover:text-white">
                {company.telephone.display}
              </a>
            </p>
            <p className="flex gap-2">
              <MailIcon aria-hidden="true" className="mt-1 size-4 shrink-0" />
              <a href={`mailto:${company.email.enquiries}`} className="underline underline-offset-2 hover:text-white">
                {company.email.enquiries}
              </a>
            </p>
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
