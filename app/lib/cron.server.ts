/**
 * Checks a five-field cron expression (minute, hour, day of month, month, day
 * of week) as pg-boss schedules them, so that a bad value stops the process at
 * start-up with the variable named instead of failing silently at the first
 * scheduling pass. Each field is a comma list of `*`, a value or a range, each
 * optionally stepped (`0-59/15`, `1-5/2`; a star too); months and week days may be named
 * (`JAN`, `MON`); Sunday is 0 or 7.
 */
const fields: { min: number; max: number; names?: readonly string[] }[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"] },
  { min: 0, max: 7, names: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] },
];

function valueOf(text: string, field: (typeof fields)[number]): number | undefined {
  const named = field.names?.indexOf(text.toUpperCase()) ?? -1;
  if (named >= 0) return named + (field.min === 1 ? 1 : 0);
  if (!/^\d{1,2}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= field.min && value <= field.max ? value : undefined;
}

function isFieldValid(text: string, field: (typeof fields)[number]): boolean {
  return text.split(",").every((item) => {
    const [range, step, ...rest] = item.split("/");
    if (rest.length > 0 || range === undefined) return false;
    if (step !== undefined && !(/^\d{1,2}$/.test(step) && Number(step) > 0)) return false;
    if (range === "*") return true;
    const [from, to, ...more] = range.split("-");
    if (more.length > 0 || from === undefined) return false;
    const start = valueOf(from, field);
    if (start === undefined) return false;
    if (to === undefined) return true;
    const end = valueOf(to, field);
    return end !== undefined && end >= start;
  });
}

export function isCronExpression(value: string): boolean {
  const parts = value.trim().split(/\s+/);
  return parts.length === fields.length && parts.every((part, i) => isFieldValid(part, fields[i]!));
}
