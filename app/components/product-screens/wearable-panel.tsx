import { FootprintsIcon, GaugeIcon, HeartPulseIcon, MoonIcon, WatchIcon } from "lucide-react";
import { screens } from "~/content/product";
import { Screen, ScreenTitle } from "./screen";

const metricIcons = {
  heart: HeartPulseIcon,
  activity: FootprintsIcon,
  sleep: MoonIcon,
  stress: GaugeIcon,
} as const;

/** The wearable's metrics for the week, over a heart-rate trace; `notes={false}` leaves out each metric's note (a shorter panel). */
export function WearablePanelScreen({ className, notes = true }: { className?: string; notes?: boolean }) {
  const w = screens.wearable;
  return (
    <Screen caption={`Example screen: ${w.title} with sample data`} className={className}>
      <ScreenTitle icon={<WatchIcon />} aside={<span className="text-sm text-muted">{w.period}</span>}>
        {w.title}
      </ScreenTitle>
      <ul className="grid grid-cols-2 gap-2">
        {w.metrics.map((metric) => {
          const Icon = metricIcons[metric.key];
          return (
            <li key={metric.key} className="rounded-lg border border-line p-3">
              <p className="flex items-center gap-1.5 text-sm text-muted">
                <Icon aria-hidden="true" className="size-4 text-accent-700" />
                {metric.label}
              </p>
              <p className="mt-1 font-semibold">{metric.value}</p>
              {notes ? <p className="text-sm text-muted">{metric.note}</p> : null}
            </li>
          );
        })}
      </ul>
      <svg viewBox="0 0 300 48" aria-hidden="true" className="mt-4 h-12 w-full">
        <polyline
          points="0,30 20,28 40,31 60,26 80,29 100,18 110,36 120,27 140,29 160,25 180,30 200,27 220,20 230,34 240,26 260,28 280,25 300,27"
          fill="none"
          stroke="var(--color-accent-600)"
          strokeWidth="2.5"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
    </Screen>
  );
}
