/**
 * Structured logs: one JSON object per line on stdout (stderr for errors),
 * ready for any log collector. No dependencies.
 */
export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

const order: Record<LogLevel | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

function serialiseError(value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export function createLogger(level: LogLevel | "silent" = "info", base: LogFields = {}): Logger {
  const threshold = order[level];
  function write(lvl: LogLevel, msg: string, fields?: LogFields) {
    if (order[lvl] < threshold) return;
    const entry: LogFields = { time: new Date().toISOString(), level: lvl, msg, ...base };
    for (const [key, value] of Object.entries(fields ?? {})) entry[key] = key === "err" ? serialiseError(value) : value;
    const line = `${JSON.stringify(entry)}\n`;
    if (lvl === "error") process.stderr.write(line);
    else process.stdout.write(line);
  }
  return {
    debug: (msg, fields) => write("debug", msg, fields),
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  };
}
