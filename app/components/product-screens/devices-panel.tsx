import { BluetoothIcon, CircleCheckIcon } from "lucide-react";
import { screens } from "~/content/product";
import { cn } from "~/components/ui/cn";
import { Screen, ScreenTitle } from "./screen";
import { CheckList } from "~/components/ui/check-list";

/** The devices that connect to the record. */
export function DevicesPanelScreen({ className }: { className?: string }) {
  const d = screens.devices;
  return (
    <Screen caption={d.title} className={cn("max-w-sm", className)}>
      <ScreenTitle icon={<BluetoothIcon />}>{d.title}</ScreenTitle>
      <CheckList
        items={d.items}
        className="grid gap-2"
        itemClassName="flex items-center gap-2 text-sm"
        mark={<CircleCheckIcon aria-hidden="true" className="size-4 shrink-0 text-success-800" />}
      />
      <p className="mt-3 text-sm text-muted">{d.note}</p>
    </Screen>
  );
}
