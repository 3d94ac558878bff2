import { dayText } from "~/platform/calendar";
import { grouped } from "~/platform/words";
import type { TrafficReport } from "./traffic";

/**
 * Visitors and views per day as an SVG bar chart, drawn on the server: it
 * needs no JavaScript and no chart library. Views are the pale bars behind,
 * visitors the dark bars in front; each day's bar group has a tooltip (an
 * SVG title). The chart is a picture for the eye only (aria-hidden): the
 * same figures follow it as a table (the route's "Figures per day").
 */
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 44 };

/**
 * The chart at two widths, since an SVG's text scales with it: 720 units for
 * wide screens; at phone widths 360, with fewer day labels in larger text,
 * so its figures stay about as large as the page's small print.
 */
const layouts = {
  wide: { width: 720, labels: 8, text: "text-[11px]", className: "max-sm:hidden", name: "traffic" },
  narrow: { width: 360, labels: 4, text: "text-[14px]", className: "sm:hidden", name: "traffic-narrow" },
} as const;

/** A round number at or above `max` for the top of the axis (1, 2 or 5 times a power of ten). */
export function axisTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max)!;
}

/** The axis's lines: nought, the top and halfway, in whole numbers only (no "0.5 visitors" when the top is 1 or 5). */
export function axisTicks(top: number): number[] {
  return [0, top / 2, top].filter(Number.isInteger);
}

/** "23 Nov" for a London day. */
const shortDay = (day: string) => dayText(day, { year: false, weekday: false });

/** At most about `most` day labels, evenly spread, the last day always among them. */
function labelledDays(count: number, most: number): Set<number> {
  const step = Math.max(1, Math.ceil(count / most));
  const labelled = new Set<number>();
  for (let i = count - 1; i >= 0; i -= step) labelled.add(i);
  return labelled;
}

/** The chart for wide screens and the one for phones (CSS shows one of them). */
export function TrafficChart({ days }: { days: TrafficReport["days"] }) {
  return (
    <>
      <Chart days={days} layout={layouts.wide} />
      <Chart days={days} layout={layouts.narrow} />
    </>
  );
}

function Chart({ days, layout }: { days: TrafficReport["days"]; layout: (typeof layouts)[keyof typeof layouts] }) {
  const { width } = layout;
  const top = axisTop(Math.max(0, ...days.map((day) => day.views)));
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const labelled = labelledDays(days.length, layout.labels);
  const ticks = axisTicks(top);
  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      className={`h-auto w-full ${layout.className}`}
      aria-hidden="true"
      focusable="false"
      data-chart={layout.name}
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={PAD.left}
            x2={width - PAD.right}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-line"
            strokeWidth={1}
          />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className={`fill-muted ${layout.text}`}>
            {grouped(tick)}
          </text>
        </g>
      ))}
      {days.map((day, i) => {
        const x = PAD.left + i * slot + (slot - barWidth) / 2;
        return (
          <g key={day.day} data-day={day.day}>
            <title>{`${shortDay(day.day)}: ${grouped(day.visitors)} visitors, ${grouped(day.views)} views`}</title>
            <rect
              x={x}
              y={y(day.views)}
              width={barWidth}
              height={y(0) - y(day.views)}
              className="fill-primary-200"
              data-series="views"
            />
            <rect
              x={x + barWidth * 0.2}
              y={y(day.visitors)}
              width={barWidth * 0.6}
              height={y(0) - y(day.visitors)}
              className="fill-primary-800"
              data-series="visitors"
            />
            {labelled.has(i) ? (
              <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className={`fill-muted ${layout.text}`}>
                {shortDay(day.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** The chart's key, in HTML (readable at any zoom): which colour is which. */
export function ChartKey() {
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink" aria-label="Chart key">
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary-800" />
        Visitors
      </li>
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary-200" />
        Views
      </li>
    </ul>
  );
}
