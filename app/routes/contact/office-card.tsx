import { BuildingIcon, MailIcon, MapPinIcon, PhoneIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardTitle } from "~/components/ui/card";
import { company } from "~/platform/company";
import { office } from "~/content/contact";

const linkClasses = "font-semibold break-all text-primary-800 underline underline-offset-2 hover:text-primary-900";

/** One labelled line of the office details: an icon, a visually hidden term, the value. */
function OfficeRow({
  icon: Icon,
  label,
  className,
  children,
}: {
  icon: LucideIcon;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <dt>
        <Icon aria-hidden="true" className="mt-0.5 size-5 text-primary-700" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** 'Our Office': legal name, Aberdeen address, e-mail and telephone, all from the company module. */
export function OfficeCard() {
  const a = company.address;
  return (
    <Card>
      <CardTitle>{office.title}</CardTitle>
      <dl className="mt-4 grid gap-4">
        <OfficeRow icon={BuildingIcon} label="Company" className="font-semibold text-ink">
          {company.legalName}
        </OfficeRow>
        <OfficeRow icon={MapPinIcon} label="Address">
          <address className="text-ink not-italic">
            {a.street}
            <br />
            {a.locality} {a.postcode}
            <br />
            {a.region}, {a.country}
          </address>
        </OfficeRow>
        <OfficeRow icon={MailIcon} label="Email">
          <a href={`mailto:${company.email.enquiries}`} className={linkClasses}>
            {company.email.enquiries}
          </a>
        </OfficeRow>
        <OfficeRow icon={PhoneIcon} label="Telephone">
          <a href={`tel:${company.telephone.e164}`} className={linkClasses}>
            {company.telephone.display}
          </a>
          <p className="mt-1 text-sm text-muted">{office.hoursNote}</p>
        </OfficeRow>
      </dl>
    </Card>
  );
}
