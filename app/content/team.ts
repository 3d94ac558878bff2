/**
 * The leadership team shown on /team.
 *
 * SAMPLE CONTENT: these four people are fictional placeholders written so the
 * page reads as it will in production. The company replaces them with its real
 * leadership team (names, roles, biographies, LinkedIn URLs and photos) before
 * launch. The README says so too.
 *
 * `image` is either:
 * - a site-relative path to a photo in `public/` (for example
 *   "/images/team/adaeze-okafor.jpg", ideally a square WebP or JPEG of at
 *   least 480×480 px), shown as an <img> with the member's name as alt text; or
 * - a portrait tone key ("teal", "coral", "plum" or "sand"), which draws a
 *   generated SVG monogram portrait (initials on an abstract background) until
 *   the company supplies a photo. See app/components/team/portrait.tsx.
 *
 * `fullBio` is a list of paragraphs, shown in the Read More dialog.
 */
export type PortraitTone = "teal" | "coral" | "plum" | "sand";
export type TeamImage = PortraitTone | `/${string}`;

export type TeamMember = {
  /** Stable key, also used for element ids. */
  id: string;
  name: string;
  role: string;
  image: TeamImage;
  /** Full URL of the member's public LinkedIn profile. */
  linkedin: string;
  /** One or two sentences for the card. */
  shortBio: string;
  /** The full biography, one string per paragraph. */
  fullBio: readonly string[];
};

/** The eyebrow, title and lead of the team page's sections. */
export const teamSections = {
  leadership: {
    eyebrow: "Leadership",
    title: "Leadership Team",
    lead: "Years on labour wards, in NHS clinical systems and in mobile products for West Africa, brought together to fix one problem.",
  },
  coreValues: {
    eyebrow: "What guides us",
    title: "Our Core Values",
    lead: "Four commitments we hold ourselves to in every decision, from a line of code to a new partnership.",
  },
} as const;

export const leadershipTeam: readonly TeamMember[] = [
  {
    id: "adaeze-okafor",
    name: "Adaeze Okafor",
    role: "Founder & CEO",
    image: "teal",
    linkedin: "https://www.linkedin.com/in/adaeze-okafor-maternis",
    shortBio:
      "A nurse-midwife turned founder, Adaeze started Maternis after seeing how often a lost paper card left a mother's care to guesswork.",
    fullBio: [
      "Adaeze trained as a nurse-midwife in Enugu, Nigeria, and spent eight years on busy labour wards and in community antenatal clinics. Again and again she met women who arrived in labour without their antenatal card, or with a card too damaged to read.",
      "She moved to Scotland to study for an MSc in Global Health at the University of Aberdeen and then worked in NHS maternity services, where she saw what joined-up digital records make possible. Maternis began as her dissertation project: a record a mother could carry on any phone.",
      "As Chief Executive, Adaeze leads the company's strategy, partnerships with ministries of health and NGOs, and fundraising. She still spends time in clinics in Ghana and Nigeria every quarter, because the people who use Maternis should shape it.",
    ],
  },
  {
    id: "kwame-asante",
    name: "Dr Kwame Asante",
    role: "Co-Founder & Chief Medical Officer",
    image: "coral",
    linkedin: "https://www.linkedin.com/in/kwame-asante-obgyn",
    shortBio:
      "A consultant obstetrician with 15 years in Ghana and the UK, Kwame makes sure every Maternis feature is clinically safe and useful.",
    fullBio: [
      "Kwame is a consultant obstetrician and gynaecologist and a Member of the Royal College of Obstetricians and Gynaecologists. He trained in Accra and has worked in teaching hospitals in Ghana and in the NHS in Scotland, with a special interest in hypertensive disorders of pregnancy.",
      "He co-founded Maternis with Adaeze after years of auditing maternal deaths and near misses, where missing records came up again and again as a factor that could have been prevented.",
      "As Chief Medical Officer, Kwame leads clinical safety, the clinical content of AI-Obs risk insights and our work with midwives and doctors in the Health Advisory Network. He is the company's Clinical Safety Officer and signs off every release that touches clinical logic.",
    ],
  },
  {
    id: "fraser-mcleod",
    name: "Fraser McLeod",
    role: "Chief Technology Officer",
    image: "plum",
    linkedin: "https://www.linkedin.com/in/fraser-mcleod-health-tech",
    shortBio:
      "Fraser has built secure health-data systems for the NHS for over a decade and leads the Maternis platform, security and FHIR integrations.",
    fullBio: [
      "Fraser is a software engineer from Aberdeen who has spent more than 10 years building clinical systems, including regional record-sharing services used across NHS boards in Scotland.",
      "He designed the Maternis platform to work where connections are slow and unreliable: records sync when a signal returns, and data is encrypted on the device, in transit and at rest. He leads our work on HL7 FHIR compatibility so that Maternis can exchange records with hospital and national systems.",
      "As Chief Technology Officer, Fraser leads engineering, information security and data protection by design. He is a keen hill walker and mentors young developers through a local coding club.",
    ],
  },
  {
    id: "zainab-bello",
    name: "Zainab Bello",
    role: "Chief Product Officer",
    image: "sand",
    linkedin: "https://www.linkedin.com/in/zainab-bello-product",
    shortBio:
      "Zainab designs products for mid-range phones and patchy networks, and leads how mothers, midwives and ministries experience Maternis.",
    fullBio: [
      "Zainab has led product teams in Lagos and London, most recently building mobile services used by millions of people on low-cost Android phones and slow mobile networks.",
      "At Maternis she leads product design and research. Her team tests every feature with mothers, midwives and facility managers in Ghana and Nigeria before it ships, and measures success by what changes in the clinic, not by screens built.",
      "As Chief Product Officer, Zainab owns the product roadmap, from digital antenatal records to the planned newborn and immunisation modules. She is passionate about accessible design and about keeping mothers in control of their own data.",
    ],
  },
];

export type CoreValue = { id: "mission" | "security" | "innovation" | "global"; title: string; description: string };

/** The four core values. */
export const coreValues: readonly CoreValue[] = [
  {
    id: "mission",
    title: "Mission-Driven",
    description:
      "We measure success in mothers and babies who get the right care at the right time, not in downloads or screens.",
  },
  {
    id: "security",
    title: "Security First",
    description:
      "Pregnancy records are among the most sensitive data there is. We protect them by design and let mothers decide who sees them.",
  },
  {
    id: "innovation",
    title: "Innovation",
    description:
      "We use AI and wearables where they make care safer, and test every idea with midwives and mothers before it ships.",
  },
  {
    id: "global",
    title: "Global Impact",
    description:
      "We build in Ghana, Nigeria and the UK for the places where maternal deaths are highest, and share what we learn.",
  },
];

export const teamQuote = {
  text: "No mother should have to retell her pregnancy from memory in an emergency. Her record should be there, complete and hers, wherever she gives birth.",
  /** Attributed to the founder (sample content, as above). */
  author: "Adaeze Okafor",
  role: "Founder & CEO, Maternis",
} as const;
