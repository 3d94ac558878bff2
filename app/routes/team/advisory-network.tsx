import { ArrowRightIcon, UsersIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Section } from "~/components/ui/section";
import { advisoryNetworkOn } from "~/content/dated";
import { useContentDate } from "~/lib/use-dated";

export function AdvisoryNetwork() {
  const network = advisoryNetworkOn(useContentDate());
  return (
    <Section aria-labelledby="advisory-title">
      <div className="grid gap-8 rounded-card border border-line bg-white p-6 shadow-card sm:p-10 md:grid-cols-[auto_1fr_auto] md:items-center">
        <div
          aria-hidden="true"
          className="inline-flex size-16 items-center justify-center rounded-full bg-accent-50 text-accent-700 [&_svg]:size-8"
        >
          <UsersIcon />
        </div>
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant="accent">{network.status}</Badge>
            <p className="text-sm font-semibold text-primary-800">{network.when}</p>
          </div>
          <h2 id="advisory-title" className="mt-3 text-2xl text-ink sm:text-3xl">
            Health Advisory Network
          </h2>
          <p className="mt-3 max-w-2xl text-muted">
            Midwives, doctors, policy makers and NGO professionals {network.phase === "after" ? "help" : "will help"}{" "}
            shape Maternis: testing new features, sharing what works in their clinics and advising on safe, respectful
            care.
          </p>
        </div>
        <ButtonLink to="/advisory" variant="primary" className="justify-self-start">
          Join the Network
          <ArrowRightIcon aria-hidden="true" />
        </ButtonLink>
      </div>
    </Section>
  );
}
