import { BuildingIcon, GlobeIcon, MapPinIcon, type LucideIcon } from "lucide-react";
import { company, sharedCtas } from "~/platform/company";
import { figures } from "./figures";
import { roadmapEntries as roadmap, ukPilot } from "./milestones";

export type Location = { icon: LucideIcon; name: string; tag: string; body: string };
export type Phase = { phase: string; when: string; title: string; body: string };

export const globalPresence = {
  hero: {
    eyebrow: "Global presence",
    title: "From Aberdeen to West Africa, and beyond",
    lead: `We are headquartered in ${company.address.locality}, Scotland, with teams working in Ghana and Nigeria. Our plan is to bring patient-owned maternal records to every region that needs them.`,
  },
  locations: {
    eyebrow: "Where we work",
    title: "Our locations",
    lead: "Close to the clinics we build for.",
    items: [
      {
        icon: BuildingIcon,
        name: "United Kingdom",
        tag: `Headquarters, ${company.address.locality}`,
        body: "Product, engineering and clinical safety. Home of our UK pilot with NHS maternity services.",
      },
      {
        icon: MapPinIcon,
        name: "Ghana",
        tag: "Operations",
        body: "Clinical research with midwives and partnerships with health facilities and the health service.",
      },
      {
        icon: MapPinIcon,
        name: "Nigeria",
        tag: "Operations",
        body: "Work with state health ministries, NGOs and private maternity clinics.",
      },
      {
        icon: GlobeIcon,
        name: "Future markets",
        tag: "Planned",
        body: "Further countries in West and East Africa and South Asia, through ministry and NGO partners.",
      },
    ] satisfies Location[],
  },
  metrics: {
    eyebrow: "Our reach",
    title: "Growing with our partners",
    items: [figures.countries, figures.partners, figures.records, figures.countriesBy2030],
  },
  phases: {
    eyebrow: "Roadmap",
    title: "Four phases to global scale",
    lead: "Each phase builds on evidence from the one before.",
    items: [
      {
        phase: "Phase 1",
        when: "Now",
        title: "Foundation",
        body: "MVP built and tested with clinicians. Headquarters in Aberdeen, teams in Ghana and Nigeria.",
      },
      {
        phase: "Phase 2",
        when: ukPilot.launch,
        title: "Pilot",
        body: `A ${ukPilot.durationMonths}-month pilot in ${ukPilot.setting}, alongside first partner facilities in West Africa.`,
      },
      {
        phase: "Phase 3",
        when: roadmap[1]!.year,
        title: roadmap[1]!.title,
        body: roadmap[1]!.description,
      },
      {
        phase: "Phase 4",
        when: roadmap[2]!.year,
        title: roadmap[2]!.title,
        body: roadmap[2]!.description,
      },
    ] satisfies Phase[],
  },
  cta: {
    title: "Bring Maternis to your country",
    lead: "Read where we are heading, or talk to us about a partnership.",
    ctas: [{ label: "Read our vision", to: "/vision" }, sharedCtas.contact],
  },
} as const;
