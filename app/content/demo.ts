/**
 * Copy for /demo, the demo-request page, with its notifications.
 * The pilot is described as 2025 on this page, as the company worded it.
 */
import { HeartIcon, LandmarkIcon, StethoscopeIcon } from "lucide-react";
import { company } from "~/platform/company";
import type { Phase } from "~/platform/calendar";
import { nationalPilot, pilotYearOnEnquiryPages, responsePromises } from "./milestones";
import type { IconCard } from "./product";

export const DEMO_FORM_ID = "demo-form";

export const demoHero = {
  eyebrow: "See Maternis in action",
  title: "Request a Demo",
  lead: `Book a ${responsePromises.demoLength} of digital maternal records, AI-Obs risk insights and wearable monitoring, shaped around the people you serve.`,
} as const;

export const audiences = {
  title: "A demo for every part of maternal care",
  cards: [
    {
      icon: HeartIcon,
      title: "For Mothers",
      body: "See how a mother carries her whole pregnancy record on her phone, gets reminders before appointments and shares her history with any clinic she visits.",
    },
    {
      icon: StethoscopeIcon,
      title: "For Providers",
      body: "See how midwives and doctors record visits in minutes, get AI-Obs alerts for early signs of risk and pick up a referral with the full history in front of them.",
    },
    {
      icon: LandmarkIcon,
      title: "For Ministries",
      body: "See how health ministries and NGOs follow anonymised, real-time indicators across facilities to plan staff, supplies and outreach.",
    },
  ] satisfies IconCard[],
} as const;

export const pilotNote = {
  badge: "Announcement coming soon",
  title: "Our national pilot is coming",
  body: `Our first national pilot launches in ${pilotYearOnEnquiryPages}. We will announce the country and partner facilities soon. Request a demo to hear first and to ask about taking part.`,
} as const;

/** The pilot note by the national pilot's phase (its launch quarter); before it, as the page words it. */
export function pilotNoteOn(phase: Phase): { badge: string; title: string; body: string } {
  if (phase === "during")
    return {
      badge: "Launching now",
      title: "Our national pilot is launching",
      body: `Our first national pilot launches this quarter, ${nationalPilot.launch}. We will announce the country and partner facilities soon. Request a demo to hear first and to ask about taking part.`,
    };
  if (phase === "after")
    return {
      badge: "Launched",
      title: "Our national pilot has launched",
      body: `Our first national pilot launched in ${nationalPilot.launch}. Request a demo to see what we are learning and to ask about taking part in the next one.`,
    };
  return pilotNote;
}

export const demoForm = {
  title: "Request Your Demo",
  lead: `Tell us a little about you and we will reach out within ${responsePromises.demoFollowUp} to arrange a time. Fields marked (optional) can be left blank.`,
  rolePlaceholder: "Select your role",
  preferredDateHint: "The day that suits you best. We will confirm a time by email.",
  messageHint: "For example, the number of facilities or the services you would like to see.",
  submitLabel: "Request Demo",
  pendingLabel: "Submitting...",
} as const;

export const demoSuccess = {
  title: "Demo Request Received!",
  body: [
    `Thank you for your interest in ${company.brand}. Our team will reach out within ${responsePromises.demoFollowUp} to schedule your demo.`,
    `The demo is a ${responsePromises.demoLength}, with time for your questions.`,
  ],
  home: { label: "Return Home", to: "/" },
} as const;

/** The toasts after an enquiry, and the words of a refusal (app/features/enquiries/form/refusal.ts). */
export const demoNotices = {
  success: { title: "Success!", description: "Your demo request has been received. We'll contact you shortly." },
  failure: { title: "Error", description: "Something went wrong. Please try again." },
  alertTitle: "Your demo request was not sent",
  unavailable: `We could not save your demo request just now, so it has not reached us. Please try again in a few minutes, or email us directly at ${company.email.enquiries}`,
  logLabel: "Demo request form",
} as const;
