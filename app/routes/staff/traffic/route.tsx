import { Form, Link } from "react-router";
import { dayText } from "~/platform/calendar";
import { grouped } from "~/platform/words";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldError, FieldHint, FieldLabel, Input } from "~/components/ui/field";
import { consoleTitle } from "~/features/console/paths";
import { TitledSection } from "~/features/console/titled-section";
import { StackedCell, StackedHead, stacked } from "~/features/console/stacked-table";
import { ChartKey, TrafficChart } from "~/features/traffic/chart";
import {
  conversion,
  daysBetween,
  deviceLabels,
  pageText,
  parseRange,
  sourceText,
  TRAFFIC_PATH,
  type TrafficReport,
} from "~/features/traffic/traffic";
import { addDays } from "~/platform/calendar";
import { getConsole } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: consoleTitle("Traffic") }];

/**
 * Traffic (staff and admins; docs/decisions/024-traffic-figures.md): views
 * and visitors of the public pages per London day, where they came from,
 * the e-mails' campaigns and buttons, devices, and which sources and form
 * pages brought enquiries. A GET form picks the range (the last 7 days by
 * default); everything is server-rendered, the chart included.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { traffic } = getConsole(context);
  const today = traffic.today();
  const { range, asked, errors } = parseRange(new URL(request.url).searchParams, today);
  const report = await traffic.report(range);
  return { report, asked, errors, today };
}

const FROM_ID = "traffic-from";
const TO_ID = "traffic-to";

/** "Mon 23 Nov 2026" for a London day. */
const longDay = (day: string) => dayText(day);

export default function TrafficPage({ loaderData }: Route.ComponentProps) {
  const { report, asked, errors, today } = loaderData;
  const { range, total } = report;
  const errorOf = (field: "from" | "to") => errors.find((error) => error.field === field)?.message;
  const presets = [
    { label: "Last 7 days", from: addDays(today, -6) },
    { label: "Last 30 days", from: addDays(today, -29) },
    { label: "Last 12 months", from: addDays(today, -364) },
  ];
  return (
    <div className="grid gap-10">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">Traffic</h1>
        <p className="max-w-prose text-muted">
          Views and visitors of the public pages, counted by the server: no script, no cookie, and nothing that
          identifies a visitor is kept. Days are London days; a visitor who comes on two days counts on each. Bots,
          prefetches and visitors who ask not to be tracked are not counted.
        </p>
        {!report.counting ? (
          <p role="status" className="rounded-card border-2 border-warning-800 bg-warning-50 p-4 text-ink">
            Counting is off on this server (ANALYTICS=off): no new views are counted and enquiries keep no source. The
            figures below are those kept from before.
          </p>
        ) : null}
      </header>

      <section aria-labelledby="traffic-range-title" className="grid gap-4">
        <h2 id="traffic-range-title" className="sr-only">
          Dates
        </h2>
        {errors.length > 0 ? (
          <ErrorSummary
            errors={errors.map((error) => ({
              field: error.field === "from" ? FROM_ID : TO_ID,
              message: error.message,
            }))}
          />
        ) : null}
        <Form method="get" action={TRAFFIC_PATH} className="flex flex-wrap items-end gap-4" aria-label="Dates shown">
          <Field name="from" id={FROM_ID} error={errorOf("from")} hint="A London day, included." className="min-w-48">
            <FieldLabel>From</FieldLabel>
            <FieldHint />
            <FieldError />
            <Input type="date" defaultValue={asked.from} max={today} />
          </Field>
          <Field name="to" id={TO_ID} error={errorOf("to")} hint="A London day, included." className="min-w-48">
            <FieldLabel>To</FieldLabel>
            <FieldHint />
            <FieldError />
            <Input type="date" defaultValue={asked.to} max={today} />
          </Field>
          <Button type="submit">Show</Button>
        </Form>
        <nav aria-label="Ranges" className="flex flex-wrap gap-x-6 gap-y-2">
          {presets.map((preset) => (
            <Link
              key={preset.label}
              to={`${TRAFFIC_PATH}?from=${preset.from}&to=${today}`}
              className="font-semibold text-primary-800 underline underline-offset-2"
              aria-current={range.from === preset.from && range.to === today ? "true" : undefined}
            >
              {preset.label}
            </Link>
          ))}
        </nav>
      </section>

      <section aria-labelledby="traffic-summary-title" className="grid gap-4">
        <h2 id="traffic-summary-title" className="text-xl font-semibold text-ink">
          {longDay(range.from)} to {longDay(range.to)}
          <span className="text-base font-normal text-muted"> ({daysBetween(range)} days)</span>
        </h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Figure term="Visitors" value={grouped(total.visitors)} />
          <Figure term="Views" value={grouped(total.views)} />
          <Figure term="Enquiries" value={grouped(total.enquiries)} />
          <Figure term="Conversion" value={conversion(total.enquiries, total.visitors)} hint="enquiries ÷ visitors" />
        </dl>
        <figure className="grid gap-3">
          <figcaption className="font-semibold text-ink">Visitors and views per day</figcaption>
          <TrafficChart days={report.days} />
          <ChartKey />
        </figure>
        <details open={report.days.length <= 14} className="rounded-card border border-line bg-white p-4">
          <summary className="cursor-pointer font-semibold text-primary-800">Figures per day</summary>
          <DaysTable days={report.days} />
        </details>
      </section>

      <TitledSection className="grid gap-3" id="traffic-pages-title" title="Pages">
        <FigureTable
          caption={listCaption("Pages, most visitors first", report.pages.length, report.pagesCount)}
          columns={[["Page", (row) => pageText(row.path)], visitors, views]}
          rows={report.pages}
          rowKey={(row) => row.path}
          empty="No views in these days."
        />
      </TitledSection>

      <TitledSection className="grid gap-3" id="traffic-sources-title" title="Sources and their enquiries">
        <p className="max-w-prose text-muted">
          Where views came from: another site, a page of this one, or nowhere (direct). An enquiry counts for the place
          that led its visitor to the form page. Conversion is enquiries ÷ visitors.
        </p>
        <FigureTable
          caption={listCaption("Sources, most visitors first", report.sources.length, report.sourcesCount)}
          columns={[["Source", (row) => sourceText(row.referrer)], visitors, views, enquiries, conversionOf]}
          rows={report.sources}
          rowKey={(row) => row.referrer}
          empty="No views or enquiries in these days."
        />
      </TitledSection>

      <TitledSection className="grid gap-3" id="traffic-campaigns-title" title="Campaigns">
        <p className="max-w-prose text-muted">
          Links carrying utm_campaign or utm_cta: the site&rsquo;s e-mails tag each button, so their buttons can be
          compared.
        </p>
        <FigureTable
          caption="Campaigns and buttons, most visitors first"
          columns={[
            ["Campaign", (row) => row.campaign || "(none)"],
            ["Button (utm_cta)", (row) => row.cta || "(none)"],
            visitors,
            views,
            enquiries,
            conversionOf,
          ]}
          rows={report.campaigns}
          rowKey={(row) => `${row.campaign}\u001f${row.cta}`}
          empty="No campaign links were followed in these days."
        />
      </TitledSection>

      <TitledSection className="grid gap-3" id="traffic-forms-title" title="Form pages">
        <FigureTable
          caption="Each form's page: its visitors and the enquiries sent from it"
          columns={[["Form page", (row) => `${row.label} (${row.path})`], visitors, enquiries, conversionOf]}
          rows={report.forms}
          rowKey={(row) => row.kind}
          empty=""
        />
      </TitledSection>

      <TitledSection className="grid gap-3" id="traffic-devices-title" title="Devices">
        <FigureTable
          caption="Visitors by device (from the browser's user agent)"
          columns={[
            ["Device", (row) => deviceLabels[row.device]],
            visitors,
            views,
            [
              "Share of visitors",
              (row) =>
                share(
                  row.visitors,
                  report.devices.reduce((sum, device) => sum + device.visitors, 0),
                ),
            ],
          ]}
          rows={report.devices}
          rowKey={(row) => row.device}
          empty=""
        />
      </TitledSection>
    </div>
  );
}

function share(part: number, whole: number) {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–";
}

function listCaption(caption: string, shown: number, count: number) {
  return count > shown ? `${caption} (${shown} of ${count})` : caption;
}

function Figure({ term, value, hint }: { term: string; value: string; hint?: string }) {
  return (
    <div className="rounded-card border border-line bg-white p-4">
      <dt className="text-sm text-muted">
        {term}
        {hint ? <span className="block">{hint}</span> : null}
      </dt>
      <dd className="text-2xl font-semibold text-ink">{value}</dd>
    </div>
  );
}

/** A column of a figure table: its heading and what a row shows in it. */
type Column<R> = readonly [heading: string, cell: (row: R) => string];

const visitors: Column<{ visitors: number }> = ["Visitors", (row) => grouped(row.visitors)];
const views: Column<{ views: number }> = ["Views", (row) => grouped(row.views)];
const enquiries: Column<{ enquiries: number }> = ["Enquiries", (row) => grouped(row.enquiries)];
const conversionOf: Column<{ visitors: number; enquiries: number }> = [
  "Conversion",
  (row) => conversion(row.enquiries, row.visitors),
];

/** A stacked table of figures, a row for each of `rows`: the first column names the row, the others are numbers. */
function FigureTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: readonly [Column<R>, ...Column<R>[]];
  rows: readonly R[];
  rowKey: (row: R) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-ink">{empty}</p>;
  const [[first, name], ...figures] = columns;
  const numbers = figures.map(([heading]) => heading);
  return (
    <table className={stacked.table}>
      <caption className={stacked.caption}>{caption}</caption>
      <StackedHead headings={[first, ...numbers]} numeric={numbers} />
      <tbody className={stacked.tbody}>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={stacked.tr}>
            <th scope="row" data-label={first} className={`${stacked.td} font-semibold [overflow-wrap:anywhere]`}>
              {name(row)}
            </th>
            {figures.map(([heading, cell]) => (
              <StackedCell key={heading} label={heading} className={stacked.numeric}>
                {cell(row)}
              </StackedCell>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DaysTable({ days }: { days: TrafficReport["days"] }) {
  return (
    <FigureTable
      caption="Visitors, views and enquiries per day"
      columns={[["Day", (day) => longDay(day.day)], visitors, views, enquiries]}
      rows={days}
      rowKey={(day) => day.day}
      empty=""
    />
  );
}
