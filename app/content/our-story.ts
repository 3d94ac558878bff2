import { company, sharedCtas } from "~/platform/company";
import { ukPilot } from "./milestones";
import { leadershipTeam, teamQuote } from "./team";

const founder = leadershipTeam[0]!;

type TimelineEntry = { when: string; title: string; body: string };

export const ourStory = {
  hero: {
    eyebrow: "Our Story",
    title: "It started with a lost antenatal card",
    lead: "A mother arrives in labour without her card. Her midwife has no record of her blood pressure, her blood group or her last scan. Our founder saw this happen too often to accept it.",
  },
  narrative: {
    eyebrow: "The founder's story",
    title: "Why we built Maternis",
    paragraphs: [
      `${founder.name} trained as a nurse-midwife in Enugu, Nigeria. For 8 years she worked on busy labour wards and in community antenatal clinics. Again and again she met women who arrived in labour without their antenatal card, or with a card too damaged to read.`,
      "Paper cards are fragile. They get wet in the rainy season. They are left at home in a rush. When a mother moves between a health centre and a hospital, her results often stay behind.",
      `${founder.name.split(" ")[0]} moved to Aberdeen to study global health, then worked in NHS maternity services. There she saw what joined-up digital records make possible. ${company.brand} began as her dissertation project: a record a mother could carry on any phone.`,
      "Most maternal deaths are preventable. Danger signs such as rising blood pressure or anaemia often show in the record weeks before an emergency. But only if the record exists, and only if someone can see it.",
      `So we are building a record that cannot be lost. It lives on the mother's phone and in a secure cloud. She decides who can open it. AI-Obs reads it for early warning signs. That is ${company.brand}.`,
    ],
    quote: teamQuote.text,
    quoteBy: `${teamQuote.author}, ${teamQuote.role}`,
  },
  timeline: {
    eyebrow: "Timeline",
    title: "From idea to pilot",
    lead: "The milestones so far, and what comes next.",
    entries: [
      {
        when: "2023",
        title: "The idea",
        body: "Clinic visits in Ghana and Nigeria show how often paper antenatal records go missing.",
      },
      {
        when: "2024",
        title: "First prototype",
        body: `${company.legalName} is founded in ${company.address.locality}. Midwives test the first prototype of the digital antenatal record.`,
      },
      {
        when: "2025",
        title: "MVP and Web Summit",
        body: "The MVP brings together records, AI-Obs risk insights and wearable data. We showcase it at Web Summit 2025 in Lisbon.",
      },
      {
        when: ukPilot.launch,
        title: "UK pilot",
        body: `A ${ukPilot.durationMonths}-month pilot in ${ukPilot.setting} begins.`,
      },
    ] satisfies TimelineEntry[],
  },
  cta: {
    title: "Help write the next chapter",
    lead: "Join our Health Advisory Network, or talk to us about working together.",
    ctas: [{ label: "Join the Advisory Network", to: "/advisory" }, sharedCtas.contact],
  },
} as const;
