import { CalendarClockIcon, FlagIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Section } from "~/components/ui/section";
import { nationalPilotCard } from "~/content/dated";
import { useContentDate } from "~/lib/use-dated";

export function NationalPilot() {
  const firstNationalPilot = nationalPilotCard(useContentDate());
  return (
    <Section aria-labelledby="pilot-title">
      <div className="grid gap-8 overflow-hidden rounded-card border border-line bg-white shadow-card md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="p-6 sm:p-10">
          <Badge variant="accent">
            <CalendarClockIcon aria-hidden="true" />
            {firstNationalPilot.status}
          </Badge>
          <h2 id="pilot-title" className="mt-4 text-3xl text-ink sm:text-4xl">
            {firstNationalPilot.title}
          </h2>
          <p className="mt-4 text-lg text-muted">{firstNationalPilot.description}</p>
          <p className="mt-3 text-muted">{firstNationalPilot.ukPilotNote}</p>
        </div>
        <div className="flex flex-col justify-center gap-2 bg-primary-800 p-6 text-white sm:p-10">
          <FlagIcon aria-hidden="true" className="size-8 text-primary-100" />
          <p className="mt-2 text-sm font-semibold tracking-wider text-primary-100 uppercase">
            {firstNationalPilot.launchLabel}
          </p>
          <p className="text-4xl font-semibold">{firstNationalPilot.launch}</p>
          <p className="text-primary-50">{firstNationalPilot.countryNote}</p>
        </div>
      </div>
    </Section>
  );
}
