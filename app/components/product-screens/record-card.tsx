import { CalendarDaysIcon, FileHeartIcon, LockIcon, MapPinIcon } from "lucide-react";
import { screens } from "~/content/product";
import { Screen, ScreenTitle } from "./screen";

/** A mother's antenatal record: who she is, where she is seen, her latest readings and next visit. */
export function RecordCardScreen({ className }: { className?: string }) {
  const r = screens.record;
  return (
    <Screen caption={`Example screen: ${r.title} with sample data`} className={className}>
      <ScreenTitle
        icon={<FileHeartIcon />}
        aside={<span className="rounded-full bg-primary-50 px-2.5 py-0.5 text-sm text-primary-800">{r.reference}</span>}
      >
        {r.title}
      </ScreenTitle>
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-11 items-center justify-center rounded-full bg-accent-50 font-semibold text-accent-800"
        >
          {r.patient
            .split(" ")
            .map((part) => part[0])
            .join("")}
        </span>
        <div>
          <p className="font-semibold">{r.patient}</p>
          <p className="text-sm text-muted">{r.gestation}</p>
        </div>
      </div>
      <p className="mt-3 flex items-center gap-1.5 text-sm text-muted">
        <MapPinIcon aria-hidden="true" className="size-4 shrink-0" />
        {r.facility}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2">
        {r.rows.map((row) => (
          <div key={row.label} className="rounded-lg border border-line px-3 py-2">
            <dt className="text-sm text-muted">{row.label}</dt>
            <dd className="font-semibold">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="flex items-center gap-1.5 text-primary-800">
          <CalendarDaysIcon aria-hidden="true" className="size-4" />
          {r.nextVisit}
        </span>
        <span className="flex items-center gap-1.5 text-muted">
          <LockIcon aria-hidden="true" className="size-4" />
          {r.owner}
        </span>
      </div>
    </Screen>
  );
}
