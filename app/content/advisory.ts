/**
 * Copy for /advisory, with its notifications. The network launches in
 * Q1 2026; this page describes the pilot as 2025, as the company worded it.
 */
import { BellIcon, GlobeIcon, MessageSquareIcon } from "lucide-react";
import { company } from "~/platform/company";
import type { Phase } from "~/platform/calendar";
import { advisoryNetworkLaunch, pilotYearOnEnquiryPages } from "./milestones";
import type { IconCard } from "./product";

export const ADVISORY_FORM_ID = "advisory-form";

export const advisoryHero = {
  eyebrow: `Launching ${advisoryNetworkLaunch}`,
  title: "Join the Health Advisory Network",
  lead: `Midwives, doctors, policy makers and NGO professionals: help us build maternal records that work on a busy ward and in a rural clinic. The network launches in ${advisoryNetworkLaunch}, and members will follow our ${pilotYearOnEnquiryPages} pilot from the start.`,
} as const;

export const benefits = {
  title: "Why join the network",
  cards: [
    {
      icon: BellIcon,
      title: "Stay Updated",
      body: `Get early news of new features, pilot results and our ${pilotYearOnEnquiryPages} pilot, before anyone else.`,
    },
    {
      icon: MessageSquareIcon,
      title: "Share Feedback",
      body: "Test new screens, tell us what works in your setting and shape what we build next.",
    },
    {
      icon: GlobeIcon,
      title: "Global Community",
      body: "Meet clinicians and health leaders from Ghana, Nigeria, the UK and beyond who share one goal: safer pregnancies.",
    },
  ] satisfies IconCard[],
} as const;

export const advisoryForm = {
  title: "Apply to join",
  lead: `Membership is free. We will email you when the network opens in ${advisoryNetworkLaunch}. All fields are required.`,
  rolePlaceholder: "Select your role",
  reasonHint: "One or two sentences is plenty.",
  submitLabel: "Join Network",
  pendingLabel: "Submitting...",
} as const;

export const advisorySuccess = {
  title: "Welcome to the Advisory Network!",
  body: [
    `Thank you for joining. Look out for our welcome email: we will be in touch before the network launches in ${advisoryNetworkLaunch}.`,
  ],
  home: { label: "Return Home", to: "/" },
} as const;

/**
 * The page by the network's phase (its launch quarter) and the 2025 pilot's
 * (app/content/dated.ts); before both, as above.
 */
export function advisoryOn(phases: { network: Phase; pilotLaunch: Phase }) {
  const { network, pilotLaunch: pilot } = phases;
  const hero =
    network === "before"
      ? advisoryHero
      : {
          ...advisoryHero,
          eyebrow: network === "during" ? `Launching ${advisoryNetworkLaunch}` : `Launched ${advisoryNetworkLaunch}`,
          lead:
            network === "during"
              ? "Midwives, doctors, policy makers and NGO professionals: help us build maternal records that work on a busy ward and in a rural clinic. The network launches this quarter, and members follow our pilots from the start."
              : `Midwives, doctors, policy makers and NGO professionals: help us build maternal records that work on a busy ward and in a rural clinic. The network opened in ${advisoryNetworkLaunch}, and members follow our pilots as they happen.`,
        };
  const cards =
    pilot === "before"
      ? benefits.cards
      : benefits.cards.map((card) =>
          card.title === "Stay Updated"
            ? { ...card, body: "Get early news of new features and pilot results, before anyone else." }
            : card,
        );
  const form =
    network === "after"
      ? {
          ...advisoryForm,
          lead: "Membership is free. We will email you to welcome you to the network. All fields are required.",
        }
      : advisoryForm;
  const success =
    network === "after"
      ? {
          ...advisorySuccess,
          body: ["Thank you for joining. Look out for our welcome email: it tells you how to take part."],
        }
      : advisorySuccess;
  return { hero, benefits: { ...benefits, cards }, form, success };
}

/** The toasts after an enquiry, and the words of a refusal (app/features/enquiries/form/refusal.ts). */
export const advisoryNotices = {
  success: { title: "Success!", description: "Thank you for joining the Advisory Network." },
  failure: { title: "Error", description: "Something went wrong. Please try again." },
  alertTitle: "Your application was not sent",
  unavailable: `We could not save your application just now, so it has not reached us. Please try again in a few minutes, or email us directly at ${company.email.enquiries}`,
  logLabel: "Advisory network form",
} as const;
