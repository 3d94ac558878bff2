import { demoTiles, type Figure } from "./figures";

export type AlertPriority = "high" | "medium" | "low";

/** An alert on the demo dashboard: sample data only. */
export type DemoAlert = { patient: string; condition: string; priority: AlertPriority; time: string };

export const priorityLabels: Record<AlertPriority, string> = {
  high: "High",
  medium: "Medium",
  low: "Low",
};

export const dashboard = {
  eyebrow: "Demo interface",
  title: "Demo dashboard",
  lead: "This is a demo interface with sample data. It shows what a maternity unit sees in Maternis at the start of a shift. No real patient data is shown.",
  sampleNotice: "Demo interface: all names and numbers are sample data.",
  facility: "Sample facility: Riverside Maternity Unit",
  updated: "Updated 2 minutes ago",
  tiles: [
    { ...demoTiles.activePatients, key: "activePatients" },
    { ...demoTiles.highRisk, key: "highRisk" },
    { ...demoTiles.appointments, key: "appointments", note: "today" },
    { ...demoTiles.alerts, key: "alerts", note: "open" },
  ] satisfies (Figure & { key: keyof typeof demoTiles; note?: string })[],
  alerts: {
    title: "Recent alerts",
    lead: "Raised by AI-Obs and by mothers' own reports. Highest priority first.",
    items: [
      {
        patient: "Abena M. (MAT-20417)",
        condition: "Blood pressure 148/96 mmHg at 31 weeks",
        priority: "high",
        time: "8 min ago",
      },
      {
        patient: "Ngozi E. (MAT-19882)",
        condition: "Reduced fetal movements reported in journal",
        priority: "high",
        time: "22 min ago",
      },
      {
        patient: "Fatima B. (MAT-20233)",
        condition: "Haemoglobin 9.4 g/dL: possible anaemia",
        priority: "medium",
        time: "1 hour ago",
      },
      {
        patient: "Grace O. (MAT-20590)",
        condition: "Missed glucose tolerance test",
        priority: "medium",
        time: "3 hours ago",
      },
      {
        patient: "Esi K. (MAT-18764)",
        condition: "Postnatal check due in 2 days",
        priority: "low",
        time: "Today, 07:30",
      },
    ] satisfies DemoAlert[],
  },
  appointments: {
    title: "Next appointments",
    items: [
      { time: "09:00", patient: "Adwoa T.", reason: "Booking visit, 10 weeks" },
      { time: "09:30", patient: "Chiamaka N.", reason: "Routine check, 24 weeks" },
      { time: "10:15", patient: "Abena M.", reason: "Blood pressure review" },
      { time: "11:00", patient: "Sarah L.", reason: "Postnatal check, day 10" },
    ],
  },
  back: { label: "Back to the product", to: "/product" },
} as const;
