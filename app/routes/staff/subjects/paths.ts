/** The data-subject request pages (registered in app/routes/staff/dsr-routes.ts). */
export const subjectPaths = {
  search: (email?: string) => (email ? `/staff/subjects?${new URLSearchParams({ email })}` : "/staff/subjects"),
  download: (email: string) => `/staff/subjects/export?${new URLSearchParams({ email })}`,
  erase: (email: string) => `/staff/subjects/erase?${new URLSearchParams({ email })}`,
};
