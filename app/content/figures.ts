/**
 * Marketing figures. Every page, the pitch PDF and any e-mail
 * that shows one of these numbers imports it from here, so a figure never
 * differs between pages. `value` is the display form; `label` says what it counts.
 */
export type Figure = { value: string; label: string };

export const figures = {
  maternalDeathsPerYear: { value: "295,000", label: "maternal deaths a year worldwide" },
  preventableShare: { value: "80%", label: "of maternal deaths are preventable" },
  lowResourceShare: { value: "94%", label: "of maternal deaths occur in low-resource settings" },
  newbornDeathsPerYear: { value: "2.7M", label: "newborn deaths a year" },
  womenPerDay: {
    value: "810",
    label: "women die every day from preventable causes linked to pregnancy and childbirth",
  },
  reductionGoal: { value: "50%", label: "reduction in preventable maternal deaths: our goal" },
  womenBy2030: { value: "1M+", label: "women reached by 2030" },
  countriesBy2030: { value: "50+", label: "countries by 2030" },
  countries: { value: "3", label: "countries of operation" },
  partners: { value: "15+", label: "partners" },
  records: { value: "10K+", label: "records digitised" },
  uptime: { value: "99.9%", label: "platform uptime" },
  indicators: { value: "47", label: "clinical indicators tracked" },
} as const satisfies Record<string, Figure>;

/** The four tiles of the demo dashboard, sample data. */
export const demoTiles = {
  activePatients: { value: "1,247", label: "Active patients" },
  highRisk: { value: "23", label: "High risk" },
  appointments: { value: "18", label: "Appointments" },
  alerts: { value: "7", label: "Alerts" },
} as const satisfies Record<string, Figure>;

/** The UN SDG 3.1 target for 2030, quoted on /, /impact and /vision. */
export const sdg31Target = {
  value: "70",
  label: "maternal deaths per 100,000 live births: the SDG 3.1 target for 2030",
} as const satisfies Figure;
