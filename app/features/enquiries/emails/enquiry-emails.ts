import type { RenderedEmail } from "~/platform/mail/define";
import type { DeliveryKind, EnquiryKind, EnquiryPayload } from "../kinds";

/**
 * The e-mails of one enquiry kind, declared in its file (`./<kind>.tsx`): for each delivery it
 * sends, the template and the props it takes from the enquiry's payload (and, for a notification, whether
 * the welcome it waited for was given up). Typed against the registry, so a delivery without one does not compile.
 */
export type EnquiryEmails<K extends EnquiryKind> = Partial<
  Record<
    DeliveryKind,
    (payload: EnquiryPayload<K>, opts: { welcomeFailed: boolean; today?: string }) => Promise<RenderedEmail>
  >
>;
