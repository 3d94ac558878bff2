/**
 * Which backups to keep: the newest backup of each of the last `daily` days
 * (today included) and the newest of each of the last `weekly` ISO weeks (this
 * week included), in UTC; the newest backup of all is always kept. Everything
 * else is deleted. A pure function of the names' dates and `now`, so it is
 * tested with any clock. With 14 daily and 8 weekly, the oldest backup is at
 * most 8 weeks old.
 */
export type BackupFileDate = { name: string; takenAt: Date };
export type RetentionPolicy = { daily: number; weekly: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since 1970-01-01 (UTC). */
const dayNumber = (date: Date) => Math.floor(date.getTime() / DAY_MS);
/** The day number of the Monday that starts the ISO week of `date`. */
const weekStart = (date: Date) => dayNumber(date) - ((date.getUTCDay() + 6) % 7);

export function backupsToKeep(backups: BackupFileDate[], now: Date, policy: RetentionPolicy): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const keep = new Set<string>();
  if (newestFirst[0]) keep.add(newestFirst[0].name);
  const today = dayNumber(now);
  const thisWeek = weekStart(now);
  const days = new Set<number>();
  const weeks = new Set<number>();
  for (const backup of newestFirst) {
    const day = dayNumber(backup.takenAt);
    if (today - day < policy.daily && !days.has(day)) {
      days.add(day);
      keep.add(backup.name);
    }
    const week = weekStart(backup.takenAt);
    if ((thisWeek - week) / 7 < policy.weekly && !weeks.has(week)) {
      weeks.add(week);
      keep.add(backup.name);
    }
  }
  return keep;
}
