import {
  BluetoothIcon,
  BrainCircuitIcon,
  CalendarDaysIcon,
  CircleCheckIcon,
  FileHeartIcon,
  FootprintsIcon,
  GaugeIcon,
  HeartPulseIcon,
  LockIcon,
  MapPinIcon,
  MoonIcon,
  TriangleAlertIcon,
  WatchIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { screens } from "~/content/product";
import { cn } from "~/lib/utils";

/**
 * Product "screens" built in HTML/CSS/SVG (DESIGN.md: no screenshots, no raster
 * images). They show sample data only, and each says so to screen readers.
 */
function Screen({ caption, className, children }: { caption: string; className?: string; children: ReactNode }) {
  return (
    <figure
      data-slot="product-screen"
      className={cn("w-full max-w-md rounded-card border border-line bg-white p-5 text-ink shadow-card", className)}
    >
      <figcaption className="sr-only">{caption}</figcaption>
      {children}
    </figure>
  );
}

function ScreenTitle({ icon, children, aside }: { icon: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-4 flex items-center justify-between gap-3 border-b border-line pb-3">
      <p className="flex items-center gap-2 font-semibold">
        <span
          aria-hidden="true"
          className="inline-flex size-8 items-center justify-center rounded-full bg-primary-50 text-primary-700 [&_svg]:size-4"
        >
          {icon}
        </span>
        {children}
      </p>
      {aside}
    </div>
  );
}

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

/** Semi-circular gauge drawn in SVG; the number and the word carry the meaning. */
function RiskGauge({ score }: { score: number }) {
  const radius = 40;
  const length = Math.PI * radius;
  const filled = (Math.max(0, Math.min(100, score)) / 100) * length;
  return (
    <svg viewBox="0 0 100 56" aria-hidden="true" className="h-auto w-32 shrink-0">
      <path
        d="M10 50 A40 40 0 0 1 90 50"
        fill="none"
        stroke="var(--color-line)"
        strokeWidth="10"
        strokeLinecap="round"
      />
      <path
        d="M10 50 A40 40 0 0 1 90 50"
        fill="none"
        stroke="var(--color-warning-800)"
        strokeWidth="10"
        strokeLinecap="round"
        strokeDasharray={`${filled} ${length}`}
      />
    </svg>
  );
}

export function RiskPanelScreen({ className }: { className?: string }) {
  const r = screens.risk;
  return (
    <Screen caption={`Example screen: ${r.title} with sample data`} className={className}>
      <ScreenTitle icon={<BrainCircuitIcon />}>{r.title}</ScreenTitle>
      <div className="flex items-center gap-4">
        <div className="relative">
          <RiskGauge score={r.score} />
          <p className="absolute inset-x-0 bottom-0 text-center text-xl font-semibold">{r.score}</p>
        </div>
        <div>
          <p className="font-semibold">{r.summary}</p>
          <p className="mt-1 inline-flex items-center gap-1.5 rounded-full bg-warning-50 px-2.5 py-0.5 text-sm font-semibold text-warning-800">
            <TriangleAlertIcon aria-hidden="true" className="size-3.5" />
            Risk level: {r.level}
          </p>
        </div>
      </div>
      <p className="mt-4 text-sm font-semibold">Why AI-Obs flagged this</p>
      <ul className="mt-2 grid gap-1.5 text-sm">
        {r.factors.map((factor) => (
          <li key={factor} className="flex gap-2">
            <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-700" />
            {factor}
          </li>
        ))}
      </ul>
      <p className="mt-4 rounded-lg bg-primary-50 p-3 text-sm text-primary-900">{r.action}</p>
      <p className="mt-2 text-sm text-muted">{r.disclaimer}</p>
    </Screen>
  );
}

const metricIcons = {
  heart: HeartPulseIcon,
  activity: FootprintsIcon,
  sleep: MoonIcon,
  stress: GaugeIcon,
} as const;

export function WearablePanelScreen({ className }: { className?: string }) {
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
              <p className="text-sm text-muted">{metric.note}</p>
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

export function DevicesPanelScreen({ className }: { className?: string }) {
  const d = screens.devices;
  return (
    <Screen caption={d.title} className={cn("max-w-sm", className)}>
      <ScreenTitle icon={<BluetoothIcon />}>{d.title}</ScreenTitle>
      <ul className="grid gap-2">
        {d.items.map((item) => (
          <li key={item} className="flex items-center gap-2 text-sm">
            <CircleCheckIcon aria-hidden="true" className="size-4 shrink-0 text-success-800" />
            {item}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted">{d.note}</p>
    </Screen>
  );
}

/** Decorative illustration for the Web Summit slide: Lisbon's skyline and a conference badge. */
export function EventIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 300" aria-hidden="true" focusable="false" className={cn("h-auto w-full max-w-md", className)}>
      <rect x="0" y="0" width="400" height="300" rx="24" fill="var(--color-primary-900)" />
      <circle cx="310" cy="80" r="38" fill="var(--color-accent-200)" />
      <path d="M0 220 Q100 190 200 215 T400 205 V300 H0 Z" fill="var(--color-primary-800)" />
      <path d="M0 250 Q120 225 230 248 T400 240 V300 H0 Z" fill="var(--color-primary-700)" />
      {/* Bridge */}
      <path d="M30 205 H370" stroke="var(--color-accent-200)" strokeWidth="4" />
      <path d="M110 205 V120 M290 205 V120" stroke="var(--color-accent-200)" strokeWidth="6" />
      <path
        d="M30 205 Q110 110 200 205 Q290 110 370 205"
        fill="none"
        stroke="var(--color-accent-200)"
        strokeWidth="2.5"
      />
      {/* Badge */}
      <g transform="translate(150 40)">
        <rect width="110" height="140" rx="12" fill="#fff" />
        <rect x="40" y="10" width="30" height="6" rx="3" fill="var(--color-line)" />
        <circle cx="55" cy="55" r="20" fill="var(--color-primary-50)" />
        <path
          d="M45 62c0-8 4.5-13 10-13s10 5 10 13"
          fill="none"
          stroke="var(--color-primary-700)"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <circle cx="55" cy="46" r="5" fill="var(--color-primary-700)" />
        <rect x="20" y="88" width="70" height="8" rx="4" fill="var(--color-primary-700)" />
        <rect x="30" y="104" width="50" height="6" rx="3" fill="var(--color-line)" />
        <rect x="20" y="120" width="70" height="10" rx="5" fill="var(--color-accent-600)" />
      </g>
    </svg>
  );
}
