import {
  BrainCircuitIcon,
  CableIcon,
  FileHeartIcon,
  HandHeartIcon,
  HospitalIcon,
  KeyRoundIcon,
  LandmarkIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  StethoscopeIcon,
  UsersIcon,
  WatchIcon,
} from "lucide-react";
import { company, sharedCtas, type Ctas } from "~/platform/company";
import { figures, sdg31Target } from "./figures";
import { responsePromises } from "./milestones";
import type { IconCard } from "./product";

/** The home page carousel advances every 7000 ms. */
export const CAROUSEL_INTERVAL_MS = 7000;

export type HeroSlide = {
  id: "web-summit" | "records" | "ai" | "monitoring";
  /** Names the slide's dot button. */
  label: string;
  eyebrow: string;
  title: string;
  body: string;
  points?: readonly string[];
  ctas: Ctas;
};

export const home = {
  hero: {
    eyebrow: company.brand,
    title: company.tagline,
    lead: "Maternis replaces paper antenatal cards with secure, portable digital records. AI-Obs risk insights help midwives act early. Mothers own their data.",
  },
  carouselLabel: "Maternis highlights",
  slides: [
    {
      id: "web-summit",
      label: "Web Summit Lisbon 2025",
      eyebrow: "Event",
      title: "Web Summit Lisbon 2025",
      body: "We are showcasing Maternis at Web Summit 2025 in Lisbon. Meet the team, see the digital record and AI-Obs in action, and talk to us about the pilot.",
      ctas: [{ label: "Book a meeting", to: "/contact" }],
    },
    {
      id: "records",
      label: "Digital Maternal Records",
      eyebrow: "Records",
      title: "Digital Maternal Records",
      body: "Every visit, test and scan in one secure record. It follows the mother from clinic to clinic, so no history is lost with a paper card.",
      ctas: [sharedCtas.product],
    },
    {
      id: "ai",
      label: "AI for Early Risk Insights",
      eyebrow: "AI-Obs",
      title: "AI for Early Risk Insights",
      body: "AI-Obs reads each new reading against the full history. It flags danger signs such as rising blood pressure early, and explains why.",
      ctas: [{ label: "Request a demo", to: "/demo" }],
    },
    {
      id: "monitoring",
      label: "Continuous Health Monitoring",
      eyebrow: "Wearables",
      title: "Continuous Health Monitoring",
      body: "With her consent, a mother's wearable adds day-to-day data between visits.",
      points: ["Heart rate", "Activity", "Sleep", "Stress"],
      ctas: [
        { label: "See the product", to: "/product" },
        { label: "Request a demo", to: "/demo" },
      ],
    },
  ] satisfies HeroSlide[],
  features: {
    eyebrow: "Key Features",
    title: "Everything a maternity record needs",
    lead: "Five building blocks that replace the paper card and support better decisions.",
    cards: [
      {
        icon: FileHeartIcon,
        title: "Digital antenatal and postnatal records",
        body: "Booking details, visits, tests, scans and the birth plan in one place, from first visit to the postnatal check.",
      },
      {
        icon: BrainCircuitIcon,
        title: "AI-Obs risk insights",
        body: "Early warning of pre-eclampsia, anaemia and other risks, with the reasons shown to the clinician.",
      },
      {
        icon: WatchIcon,
        title: "Wearable integration",
        body: "Heart rate, activity, sleep and stress from the mother's own device, shared only when she agrees.",
      },
      {
        icon: KeyRoundIcon,
        title: "Patient-owned data",
        body: "The mother holds her record and decides which clinic, midwife or family member can see it.",
      },
      {
        icon: CableIcon,
        title: "FHIR compatible",
        body: "Built on the HL7 FHIR standard and NHS aligned, so records move between hospital and ministry systems.",
      },
    ] satisfies IconCard[],
  },
  impact: {
    eyebrow: "Global Impact",
    title: "Aligned with SDG 3.1",
    lead: `UN Sustainable Development Goal 3.1 aims to cut the global maternal mortality ratio to under ${sdg31Target.value} per 100,000 live births by 2030. Complete records and early warnings are how we help.`,
    stats: [figures.maternalDeathsPerYear, figures.preventableShare, figures.lowResourceShare, figures.womenPerDay],
    link: { label: "See our impact", to: "/impact" },
  },
  whyChoose: {
    eyebrow: "Why Choose Maternis",
    title: "Made for real maternity care",
    lead: "We build with midwives in Ghana, Nigeria and the UK, for the settings they work in.",
    cards: [
      {
        icon: StethoscopeIcon,
        title: "Clinically grounded",
        body: "Designed with midwives and obstetricians. AI-Obs follows national antenatal guidance and shows its reasons.",
      },
      {
        icon: ShieldCheckIcon,
        title: "Secure by design",
        body: "Encrypted in transit and at rest. Access is logged, and the mother's consent controls sharing.",
      },
      {
        icon: CableIcon,
        title: "Works with existing systems",
        body: "FHIR compatible and NHS aligned, so Maternis connects to hospital records instead of replacing them.",
      },
      {
        icon: SmartphoneIcon,
        title: "Light on data",
        body: "Fast on mid-range Android phones and slow mobile networks, where most of our users are.",
      },
    ] satisfies IconCard[],
  },
  audiences: {
    eyebrow: "Who We Serve",
    title: "One record, four audiences",
    lead: "Everyone involved in a pregnancy gets the view they need.",
    cards: [
      {
        icon: HospitalIcon,
        title: "Health facilities",
        body: "Real-time maternal data and AI insights for midwives, doctors and facility managers.",
      },
      {
        icon: LandmarkIcon,
        title: "Governments and ministries",
        body: "Aggregated national-level insights to plan services and track progress on SDG 3.1.",
      },
      {
        icon: UsersIcon,
        title: "NGOs",
        body: "Programme data you can trust, from the first antenatal visit to the postnatal check.",
      },
      {
        icon: HandHeartIcon,
        title: "Mothers and families",
        body: "Portable access to her own records on her phone, wherever she receives care.",
      },
    ] satisfies IconCard[],
  },
  cta: {
    title: "Bring digital maternal records to your facility",
    lead: `We are choosing pilot sites and partners now. Tell us about your service and we will reply within ${responsePromises.businessDay}.`,
    ctas: [
      { label: "Join the Pilot", to: "/contact" },
      { label: "Partner With Us", to: "/contact?interest=partnership#contact-form" },
    ],
  },
} as const;
