/**
 * Copy for /contact, with its notifications. Strings the company's
 * specification quotes are kept exactly as quoted (the e2e tests check them).
 */
import {
  CalendarIcon,
  ClockIcon,
  HandshakeIcon,
  HeartHandshakeIcon,
  LockIcon,
  MailIcon,
  ShieldCheckIcon,
  StethoscopeIcon,
  UsersIcon,
  type LucideIcon,
} from "lucide-react";
import { company } from "~/platform/company";
import { responsePromises } from "./milestones";
import type { IconCard } from "./product";

export const CONTACT_FORM_ID = "contact-form";

/**
 * What a contact enquiry is about (the specification's interest values and
 * labels): the form's select, the quick actions, the e-mails' subjects.
 */
export const interestOptions = [
  { value: "general", label: "General Information" },
  { value: "demo", label: "Demo" },
  { value: "partnership", label: "Partnership Opportunities" },
  { value: "implementation", label: "Implementation Services" },
  { value: "pricing", label: "Pricing & Plans" },
] as const satisfies readonly { value: string; label: string }[];

export type Interest = (typeof interestOptions)[number]["value"];
const interestValues = interestOptions.map((o) => o.value) as [Interest, ...Interest[]];
export const defaultInterest: Interest = "general";

export function isInterest(value: unknown): value is Interest {
  return typeof value === "string" && (interestValues as string[]).includes(value);
}

export const contactHero = {
  eyebrow: "Contact Us",
  title: "Let's Transform Maternal Care Together",
  lead: `Whether you run a maternity unit, lead a health programme or want to partner with us, we would like to hear from you. Tell us what you need and a member of our team will reply within ${responsePromises.businessDay}.`,
} as const;

/**
 * The quick actions above the form. `interest` actions fill in the form's
 * interest and scroll to it; without JavaScript they are links that do the same
 * through the query string.
 */
export type QuickAction =
  | { kind: "link"; icon: LucideIcon; title: string; body: string; label: string; to: string }
  | { kind: "mail"; icon: LucideIcon; title: string; body: string; label: string; email: string }
  | { kind: "interest"; icon: LucideIcon; title: string; body: string; label: string; interest: Interest };

export const quickActionsTitle = "Ways to get in touch";

export const quickActions: readonly QuickAction[] = [
  {
    kind: "link",
    icon: CalendarIcon,
    title: "Schedule Demo",
    body: "See digital maternal records and AI-Obs risk insights in a 30-minute walkthrough.",
    label: "Request a demo",
    to: "/demo",
  },
  {
    kind: "mail",
    icon: MailIcon,
    title: "Email Us Directly",
    body: "Prefer your own email? Write to our team and we will reply from the same address.",
    label: company.email.enquiries,
    email: company.email.enquiries,
  },
  {
    kind: "interest",
    icon: HandshakeIcon,
    title: "Partnership Inquiry",
    body: "Ministries, NGOs, facilities and investors: tell us how you would like to work together.",
    label: "Start a partnership inquiry",
    interest: "partnership",
  },
];

export const contactForm = {
  title: "Send Us a Message",
  lead: `Fill in the form and we will respond within ${responsePromises.hours}. Fields marked (optional) can be left blank.`,
  submitLabel: "Send Message",
  pendingLabel: "Sending...",
} as const;

export const contactSuccess = {
  title: "Thank you! Your message has been sent.",
  received: "We received your inquiry",
  respond: `Our team will respond within ${responsePromises.businessDay}.`,
  again: "Send Another Message",
  explore: { label: "Explore Platform", to: "/product" },
} as const;

/** The confirmation line: 'We received your inquiry' + ' about Partnership' unless the interest is general. */
export function receivedLine(interest: Interest | undefined) {
  if (!interest || interest === "general") return `${contactSuccess.received}.`;
  return `${contactSuccess.received} about ${interest.charAt(0).toUpperCase()}${interest.slice(1)}.`;
}

/** The toasts after an enquiry, and the words of a refusal (app/features/enquiries/form/refusal.ts). */
export const contactNotices = {
  success: {
    title: "Message Sent Successfully!",
    description: "We'll respond within 24 hours. Check your inbox for confirmation.",
  },
  failure: {
    title: "Message Failed",
    description: `Please try again or email us directly at ${company.email.enquiries}`,
  },
  alertTitle: "Message Failed",
  unavailable: `We could not save your message just now, so it has not reached us. Please try again in a few minutes, or email us directly at ${company.email.enquiries}`,
  logLabel: "Contact form",
} as const;

export const promises: readonly IconCard[] = [
  {
    icon: ClockIcon,
    title: responsePromises.hourLabel,
    body: `Every message is read by a person and answered within ${responsePromises.hours}.`,
  },
  {
    icon: LockIcon,
    title: "Secure Communication",
    body: "Your message travels encrypted and is kept only as long as we need it to reply.",
  },
  {
    icon: UsersIcon,
    title: "Expert Team",
    body: "You will hear from clinicians and health-technology specialists, not a sales script.",
  },
];

export const commitment = {
  eyebrow: "Our Commitment",
  title: "What you can expect when you get in touch",
  lead: "Contacting us is the start of a conversation, not a sales process. Here is what we promise.",
  items: [
    {
      icon: ClockIcon,
      title: "A reply within one business day",
      body: "A member of our team reads every message and replies within one business day, usually sooner. Urgent pilot questions go straight to our clinical lead.",
    },
    {
      icon: ShieldCheckIcon,
      title: "Your data protected",
      body: "We use what you send only to answer you. We never sell it or add you to a mailing list, and we handle it under UK GDPR as our privacy policy explains.",
    },
    {
      icon: StethoscopeIcon,
      title: "Clinical expertise",
      body: "Questions about care pathways, risk assessment or record standards are answered by people with midwifery and obstetric experience.",
    },
    {
      icon: HeartHandshakeIcon,
      title: "No obligation",
      body: "A conversation or a demo commits you to nothing. We will share what we know, even if Maternis is not the right fit for you yet.",
    },
  ] satisfies IconCard[],
} as const;

export const office = {
  title: "Our Office",
  hoursNote: "Monday to Friday, 9am to 5pm UK time",
} as const;

export const closingCta = {
  title: "Not ready to talk yet?",
  lead: "See how Maternis works for mothers, midwives and ministries, or find out where we operate today.",
  ctas: [
    { label: "Explore the Platform", to: "/product" },
    { label: "Our Global Presence", to: "/global" },
  ],
} as const;
