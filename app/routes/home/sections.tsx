import { ArrowRightIcon } from "lucide-react";
import { CtaBand, SplitSection, StatGrid } from "~/components/marketing/blocks";
import { IconCardSection } from "~/components/marketing/icon-card-grid";
import { ButtonLink } from "~/components/ui/button";
import { company } from "~/platform/company";
import { home } from "~/content/home";
import { sdgs } from "~/content/impact";
import { absoluteUrl } from "~/lib/seo";

export function KeyFeatures() {
  return <IconCardSection id="features-title" content={home.features} columns={5} />;
}

export function GlobalImpact() {
  const s = home.impact;
  const sdg31 = sdgs[0]!;
  return (
    <SplitSection
      id="impact-title"
      heading={s}
      tone="muted"
      className="grid items-start gap-10 lg:grid-cols-[2fr_3fr]"
      headingClassName="mb-6!"
      aside={<StatGrid items={s.stats} className="lg:grid-cols-2!" />}
    >
      <div className="rounded-card border-l-4 border-accent-600 bg-white p-5 shadow-card">
        <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">{sdg31.target}</p>
        <p className="mt-1 font-semibold">{sdg31.title}</p>
        <p className="mt-1 text-muted">{sdg31.contribution}</p>
      </div>
      <ButtonLink to={s.link.to} variant="outline" className="mt-6">
        {s.link.label}
        <ArrowRightIcon aria-hidden="true" />
      </ButtonLink>
    </SplitSection>
  );
}

export function WhyChoose() {
  return <IconCardSection id="why-title" content={home.whyChoose} columns={4} />;
}

export function WhoWeServe() {
  return <IconCardSection id="serve-title" content={home.audiences} tone="muted" columns={4} />;
}

export function HomeCta() {
  return <CtaBand id="cta-title" {...home.cta} />;
}

/** schema.org Organization for search engines, built from the company module. */
export function organizationJsonLd() {
  const a = company.address;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.brand,
    legalName: company.legalName,
    url: company.siteUrl,
    logo: absoluteUrl("/favicon.svg"),
    email: company.email.enquiries,
    telephone: company.telephone.e164,
    address: {
      "@type": "PostalAddress",
      streetAddress: a.street,
      addressLocality: a.locality,
      addressRegion: a.region,
      postalCode: a.postcode,
      addressCountry: a.countryCode,
    },
    sameAs: company.social.map((link) => link.url),
  };
}

export function OrganizationJsonLd() {
  // Escape "<" so the JSON can never close the script element early.
  const json = JSON.stringify(organizationJsonLd()).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
