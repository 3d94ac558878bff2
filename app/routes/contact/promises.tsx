import { IconDisc, MarkedList } from "~/components/ui/check-list";
import { promises } from "~/content/contact";

/** 24 Hour Response, Secure Communication, Expert Team. */
export function Promises() {
  return (
    <MarkedList
      items={promises}
      className="grid gap-4"
      aria-label="Our promises"
      itemClassName="flex gap-4 rounded-card border border-line bg-surface p-5"
      titleClassName="text-lg text-ink"
      marker={(promise) => <IconDisc icon={promise.icon} className="bg-primary-700 text-white" />}
    />
  );
}
