/**
 * Every template with its sample PreviewProps, rendered through the same
 * functions the pipeline uses. Used by `npm run email:dev` and the tests.
 */
import { PreviewProps as advisoryNotification } from "./advisory-notification";
import { PreviewProps as advisoryWelcome } from "./advisory-welcome";
import { PreviewProps as contactAcknowledgement } from "./contact-acknowledgement";
import { PreviewProps as contactNotification } from "./contact-notification";
import { PreviewProps as demoNotification } from "./demo-notification";
import { PreviewProps as demoWelcome } from "./demo-welcome";
import {
  renderAdvisoryNotification,
  renderAdvisoryWelcome,
  renderContactAcknowledgement,
  renderContactNotification,
  renderDemoNotification,
  renderDemoWelcome,
  type RenderedEmail,
} from "./index";

export type EmailPreview = { name: string; render: () => Promise<RenderedEmail> };

export const emailPreviews: readonly EmailPreview[] = [
  { name: "contact-notification", render: () => renderContactNotification(contactNotification) },
  { name: "contact-acknowledgement", render: () => renderContactAcknowledgement(contactAcknowledgement) },
  { name: "demo-welcome", render: () => renderDemoWelcome(demoWelcome) },
  {
    name: "demo-notification",
    render: () => renderDemoNotification(demoNotification, { welcomeFailed: demoNotification.welcomeFailed }),
  },
  {
    name: "demo-notification-welcome-failed",
    render: () => renderDemoNotification(demoNotification, { welcomeFailed: true }),
  },
  { name: "advisory-welcome", render: () => renderAdvisoryWelcome(advisoryWelcome) },
  {
    name: "advisory-notification",
    render: () =>
      renderAdvisoryNotification(advisoryNotification, { welcomeFailed: advisoryNotification.welcomeFailed }),
  },
  {
    name: "advisory-notification-delivered",
    render: () => renderAdvisoryNotification(advisoryNotification, { welcomeFailed: false }),
  },
];
