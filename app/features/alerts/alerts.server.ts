import { count, eq } from "drizzle-orm";
import type { Store } from "~/platform/db/db.server";
import { deliveries } from "~/features/enquiries/index.server";
import { textMessages } from "~/features/text-messages/index.server";
import { integrationDeliveries } from "~/features/integrations/index.server";
import type { DeadLetters } from "./alerts";

/** What every console page warns about (the layout's alert, ./alerts.ts). */
export function createAlerts(store: Store) {
  const dead = async (table: typeof deliveries | typeof integrationDeliveries | typeof textMessages) => {
    const [row] = await store.db.select({ n: count() }).from(table).where(eq(table.status, "dead"));
    return Number(row?.n ?? 0);
  };
  return {
    async deadLetters(): Promise<DeadLetters> {
      const [emails, webhooks, texts] = await Promise.all([
        dead(deliveries),
        dead(integrationDeliveries),
        dead(textMessages),
      ]);
      return { emails, webhooks, texts };
    },
  };
}
