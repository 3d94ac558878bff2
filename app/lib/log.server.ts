/**
 * The one logger of every process (web server, worker, operator CLI, route
 * actions): one JSON object per line on stdout (stderr for errors), ready for
 * any log collector. The web server creates it once and hands it to loaders
 * and actions through the router context (./context.ts); tests give a silent
 * or capturing one (`createMemoryLogger`).
 */
type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;
export type LogEntry = LogFields & { time: string; level: LogLevel; msg: string };

const order: Record<LogLevel | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every entry (e.g. `{ component: "forms" }`). */
  child(fields: LogFields): Logger;
}

/** Where entries go: by default, a JSON line on stdout (stderr for errors). */
type LogSink = (entry: LogEntry) => void;

const writeLine: LogSink = (entry) => {
  const line = `${JSON.stringify(entry)}\n`;
  if (entry.level === "error") process.stderr.write(line);
  else process.stdout.write(line);
};

/** Errors keep their name, message and stack (JSON.stringify would drop all three). */
function serialiseError(value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(level: LogLevel | "silent" = "info", base: LogFields = {}, sink = writeLine): Logger {
  const threshold = order[level];
  function write(lvl: LogLevel, msg: string, fields?: LogFields) {
    if (order[lvl] < threshold) return;
    const entry: LogEntry = { time: new Date().toISOString(), level: lvl, msg, ...base };
    for (const [key, value] of Object.entries(fields ?? {})) entry[key] = key === "err" ? serialiseError(value) : value;
    sink(entry);
  }
  return {
    debug: (msg, fields) => write("debug", msg, fields),
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }, sink),
  };
}

/** For tests: a logger that keeps every entry (all levels) in `entries` instead of printing it. */
export function createMemoryLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return Object.assign(
    createLogger("debug", {}, (entry) => entries.push(entry)),
    { entries },
  );
}
