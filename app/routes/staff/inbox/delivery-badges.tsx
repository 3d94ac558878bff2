import { Badge } from "~/components/ui/badge";
import { deliveryStateLabels, type DeliveryState } from "~/features/inbox/inbox";
import { deliveryKindLabels } from "~/features/enquiries/labels";
import type { DeliveryKind } from "~/features/enquiries/kinds";

const variants = { sent: "success", queued: "neutral", failed: "warning", dead: "danger" } as const;

/** An e-mail's state in words (colour only repeats it). */
export function DeliveryStateBadge({ state, stuck }: { state: DeliveryState; stuck: boolean }) {
  return (
    <Badge variant={stuck ? "warning" : variants[state]} className="px-2 py-0.5 text-xs">
      {stuck ? "Queued over 15 min" : deliveryStateLabels[state]}
    </Badge>
  );
}

/** Each e-mail of an enquiry, at a glance: "Notification: Sent". */
export function DeliveryGlances({
  deliveries,
}: {
  deliveries: { kind: DeliveryKind; state: DeliveryState; stuck: boolean }[];
}) {
  if (deliveries.length === 0) return <span className="text-sm text-muted">None</span>;
  return (
    <ul className="grid gap-1">
      {deliveries.map((d) => (
        <li key={d.kind} className="flex flex-wrap items-center gap-1 text-sm">
          <span>{deliveryKindLabels[d.kind]}:</span>
          <DeliveryStateBadge state={d.state} stuck={d.stuck} />
        </li>
      ))}
    </ul>
  );
}

export function HandledBadge({ handled }: { handled: boolean }) {
  return (
    <Badge variant={handled ? "success" : "accent"} className="px-2 py-0.5 text-xs">
      {handled ? "Handled" : "New"}
    </Badge>
  );
}
