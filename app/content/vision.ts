import { company } from "~/platform/company";

export const vision = {
  hero: {
    eyebrow: "Our Vision",
    title: "Every mother, a complete record",
    lead: "We want a world where every mother carries a complete, secure pregnancy record, and no woman dies of a preventable complication for lack of information.",
  },
  pillars: {
    eyebrow: "The long term",
    title: "What the future looks like",
    lead: "Where we want maternal care to be in 10 years.",
    items: [
      {
        title: "Records that never get lost",
        body: "Every pregnancy, in every country we serve, recorded digitally from the first visit. Paper cards become a back-up, not the only copy.",
      },
      {
        title: "Warnings before emergencies",
        body: "AI-Obs helps midwives see risks weeks earlier, in the clinic and at home through wearables.",
      },
      {
        title: "Mothers in control",
        body: "Each mother owns her data and her baby's, and shares it on her terms with any clinic.",
      },
      {
        title: "Health systems that learn",
        body: "Ministries see anonymised, real-time trends and put staff and supplies where they save the most lives.",
      },
    ],
  },
  aims: {
    eyebrow: "By 2030",
    title: "Our 2030 aims",
    lead: `The targets ${company.brand} is working towards.`,
  },
  next: {
    title: "Where to go next",
    links: [
      { label: "Our impact", to: "/impact", body: "The outcomes we measure and the SDG targets we support." },
      { label: "Global presence", to: "/global", body: "Where we work today and our four-phase roadmap." },
      { label: "The product", to: "/product", body: "Digital records, AI-Obs and wearable integration." },
      { label: "Contact us", to: "/contact", body: "Talk to us about partnering in your country." },
    ],
  },
} as const;
