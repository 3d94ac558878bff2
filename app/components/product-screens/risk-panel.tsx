import { BrainCircuitIcon, CircleCheckIcon, TriangleAlertIcon } from "lucide-react";
import { screens } from "~/content/product";
import { Screen, ScreenTitle } from "./screen";
import { CheckList } from "~/components/ui/check-list";

/** Semi-circular gauge drawn in SVG; the number and the word carry the meaning. */
function RiskGauge({ score }: { score: number }) {
  const radius = 40;
  const length = Math.PI * radius;
  const filled = (Math.max(0, Math.min(100, score)) / 100) * length;
  return (
    <svg viewBox="0 0 100 56" aria-hidden="true" className="h-auto w-32 shrink-0">
      <GaugeArc stroke="var(--color-line)" />
      <GaugeArc stroke="var(--color-warning-800)" dash={`${filled} ${length}`} />
    </svg>
  );
}

/** The gauge's half circle: drawn whole as the track, then dashed to the score over it. */
function GaugeArc({ stroke, dash }: { stroke: string; dash?: string }) {
  return (
    <path
      d="M10 50 A40 40 0 0 1 90 50"
      fill="none"
      stroke={stroke}
      strokeWidth="10"
      strokeLinecap="round"
      strokeDasharray={dash}
    />
  );
}

/** AI-Obs's risk panel: the score on a gauge, the factors behind it and the suggested action. */
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
      <CheckList
        items={r.factors}
        className="mt-2 grid gap-1.5 text-sm"
        itemClassName="flex gap-2"
        mark={<CircleCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-700" />}
      />
      <p className="mt-4 rounded-lg bg-primary-50 p-3 text-sm text-primary-900">{r.action}</p>
      <p className="mt-2 text-sm text-muted">{r.disclaimer}</p>
    </Screen>
  );
}
