import { BuildingIcon, MailIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import { Card, CardTitle } from "~/components/ui/card";
import { company } from "~/content/company";
import { office } from "~/content/contact";

const linkClasses = "font-semibold break-all text-primary-800 underline underline-offset-2 hover:text-primary-900";

/** 'Our Office': legal name, Aberdeen address, e-mail and telephone, all from the company module. */
export function OfficeCard() {
  const a = company.address;
  return (
    <Card>
      <CardTitle>{office.title}</CardTitle>
      <dl className="mt-4 grid gap-4">
        <div className="flex gap-3">
          <dt>
            <BuildingIcon aria-hidden="true" className="mt-0.5 size-5 text-primary-700" />
            <span className="sr-only">Company</span>
          </dt>
          <dd className="font-semibold text-ink">{company.legalName}</dd>
        </div>
        <div className="flex gap-3">
          <dt>
            <MapPinIcon aria-hidden="true" className="mt-0.5 size-5 text-primary-700" />
            <span className="sr-only">Address</span>
          </dt>
          <dd>
            <address className="text-ink not-italic">
              {a.street}
              <br />
              {a.locality} {a.postcode}
              <br />
              {a.region}, {a.country}
            </address>
          </dd>
        </div>
        <div className="flex gap-3">
          <dt>
            <MailIcon aria-hidden="true" className="mt-0.5 size-5 text-primary-700" />
            <span className="sr-only">Email</span>
          </dt>
          <dd>
            <a href={`mailto:${company.email.enquiries}`} className={linkClasses}>
              {company.email.enquiries}
            </a>
          </dd>
        </div>
        <div className="flex gap-3">
          <dt>
            <PhoneIcon aria-hidden="true" className="mt-0.5 size-5 text-primary-700" />
            <span className="sr-only">Telephone</span>
          </dt>
          <dd>
            <a href={`tel:${company.telephone.e164}`} className={linkClasses}>
              {company.telephone.display}
            </a>
            <p className="mt-1 text-sm text-muted">{office.hoursNote}</p>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
