import {
  ArrowLeftIcon,
  BellRingIcon,
  CalendarCheckIcon,
  CircleAlertIcon,
  CircleDotIcon,
  FlaskConicalIcon,
  TriangleAlertIcon,
  UsersIcon,
  type LucideIcon,
} from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { IconLink } from "~/components/ui/icon-link";
import { Container } from "~/components/ui/section";
import { dashboard, priorityLabels, type AlertPriority, type DemoAlert } from "~/content/dashboard";
import { cn } from "~/components/ui/cn";

const tileIcons: Record<(typeof dashboard.tiles)[number]["key"], LucideIcon> = {
  activePatients: UsersIcon,
  highRisk: TriangleAlertIcon,
  appointments: CalendarCheckIcon,
  alerts: BellRingIcon,
};

/** Priority is shown by colour, icon shape AND the word (never colour alone). */
const priorityStyles: Record<
  AlertPriority,
  { badge: "danger" | "warning" | "neutral"; bar: string; icon: LucideIcon }
> = {
  high: { badge: "danger", bar: "bg-danger-700", icon: CircleAlertIcon },
  medium: { badge: "warning", bar: "bg-warning-800", icon: TriangleAlertIcon },
  low: { badge: "neutral", bar: "bg-primary-700", icon: CircleDotIcon },
};

export function DashboardHeader() {
  return (
    <div className="border-b border-line bg-surface">
      <Container className="py-10 sm:py-12">
        <IconLink link={dashboard.back} icon={ArrowLeftIcon} />
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Badge variant="accent">
            <FlaskConicalIcon aria-hidden="true" />
            {dashboard.eyebrow}
          </Badge>
          <span className="text-sm text-muted">{dashboard.sampleNotice}</span>
        </div>
        <h1 className="mt-4 text-4xl sm:text-5xl">{dashboard.title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-muted">{dashboard.lead}</p>
      </Container>
    </div>
  );
}

export function DemoDashboard() {
  return (
    <Container className="py-10 sm:py-14">
      <section
        aria-labelledby="demo-ui-title"
        className="rounded-card border-2 border-dashed border-primary-700 bg-white p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
          <div>
            <h2 id="demo-ui-title" className="text-2xl">
              {dashboard.facility}
            </h2>
            <p className="text-sm text-muted">{dashboard.updated}</p>
          </div>
          <Badge variant="neutral">{dashboard.eyebrow}</Badge>
        </div>

        <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {dashboard.tiles.map((tile) => {
            const Icon = tileIcons[tile.key];
            return (
              <div
                key={tile.key}
                className="flex flex-col-reverse rounded-card border border-line bg-white p-5 shadow-card"
              >
                <dt className="mt-1 flex items-center gap-2 text-muted">
                  <Icon aria-hidden="true" className="size-4 text-primary-700" />
                  {tile.label}
                  {"note" in tile ? ` ${tile.note}` : null}
                </dt>
                <dd className="text-4xl font-semibold text-ink">{tile.value}</dd>
              </div>
            );
          })}
        </dl>

        <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
          <AlertsList items={dashboard.alerts.items} />
          <Appointments />
        </div>
      </section>
    </Container>
  );
}

function AlertsList({ items }: { items: readonly DemoAlert[] }) {
  return (
    <section aria-labelledby="alerts-title">
      <h3 id="alerts-title" className="text-xl">
        {dashboard.alerts.title}
      </h3>
      <p className="mt-1 text-sm text-muted">{dashboard.alerts.lead}</p>
      <ul className="mt-4 grid gap-3">
        {items.map((alert) => {
          const style = priorityStyles[alert.priority];
          const Icon = style.icon;
          return (
            <li
              key={alert.patient + alert.condition}
              data-priority={alert.priority}
              className="relative overflow-hidden rounded-lg border border-line bg-white py-3 pr-4 pl-5"
            >
              <span aria-hidden="true" className={cn("absolute inset-y-0 left-0 w-1.5", style.bar)} />
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="font-semibold">{alert.patient}</p>
                <Badge variant={style.badge}>
                  <Icon aria-hidden="true" />
                  {priorityLabels[alert.priority]}
                  <span className="sr-only"> priority</span>
                </Badge>
              </div>
              <p className="mt-1">{alert.condition}</p>
              <p className="mt-1 text-sm text-muted">{alert.time}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Appointments() {
  return (
    <section aria-labelledby="appointments-title">
      <h3 id="appointments-title" className="text-xl">
        {dashboard.appointments.title}
      </h3>
      <ol className="mt-4 divide-y divide-line rounded-lg border border-line">
        {dashboard.appointments.items.map((item) => (
          <li key={item.time} className="flex gap-4 p-3">
            <span className="w-14 shrink-0 font-semibold text-primary-800">{item.time}</span>
            <span>
              <span className="block font-semibold">{item.patient}</span>
              <span className="block text-sm text-muted">{item.reason}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
