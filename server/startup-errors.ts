import { DatabaseLockedError } from "~/platform/db/db.server";
import { KeysError } from "~/platform/keys.server";
import { TransportConfigError } from "~/platform/mail/transport.server";

/**
 * Why a process could not start, in one line that names the setting to
 * change. Start-up failures are configuration problems far more often than
 * bugs, and the person reading them is whoever deploys the site: a stack
 * trace (kept for LOG_LEVEL=debug) does not tell them which variable to fix.
 * Returns undefined for an error it does not recognise (then the stack is the
 * best description there is).
 */
type Settings = { PORT: number; HOST: string; DATA_DIR: string; DATABASE_URL?: string };

type SystemError = Error & {
  code?: string;
  syscall?: string;
  path?: string;
  address?: string;
  port?: number;
  hostname?: string;
};

/** host:port of DATABASE_URL, without the user name or password. */
function databaseHost(url: string | undefined): string {
  try {
    const parsed = new URL(url ?? "");
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return "the configured address";
  }
}

export function describeStartupError(error: unknown, env: Settings): string | undefined {
  if (error instanceof DatabaseLockedError) {
    return `${error.message} (DATA_DIR=${env.DATA_DIR})`;
  }
  if (error instanceof TransportConfigError || error instanceof KeysError) return error.message;
  if (!(error instanceof Error)) return undefined;
  const { code, syscall, path, hostname } = error as SystemError;

  if (code === "EADDRINUSE" && syscall === "listen") {
    return `Port ${env.PORT} on ${env.HOST} is already in use by another program: stop it, or set PORT to a free port.`;
  }
  if ((code === "EACCES" || code === "EPERM") && syscall === "listen") {
    return `This process may not listen on port ${env.PORT}: set PORT to a port above 1023, or give it the permission.`;
  }
  if (code === "EADDRNOTAVAIL" && syscall === "listen") {
    return `HOST=${env.HOST} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0.`;
  }
  // Listening on a host name looks it up first.
  if ((code === "ENOTFOUND" || code === "EAI_AGAIN") && hostname === env.HOST) {
    return `HOST=${env.HOST} cannot be found: set HOST to one of this machine's addresses, or 0.0.0.0.`;
  }

  if (env.DATABASE_URL) {
    const where = databaseHost(env.DATABASE_URL);
    switch (code) {
      case "ECONNREFUSED":
        return `PostgreSQL at ${where} refused the connection: start it, or correct DATABASE_URL.`;
      case "ENOTFOUND":
      case "EAI_AGAIN":
        return `The host of DATABASE_URL (${where}) cannot be found: correct DATABASE_URL.`;
      case "ETIMEDOUT":
      case "EHOSTUNREACH":
      case "ENETUNREACH":
        return `PostgreSQL at ${where} cannot be reached (${code}): check the network, or correct DATABASE_URL.`;
      case "28P01":
      case "28000":
        return `PostgreSQL at ${where} refused the user name or password in DATABASE_URL: correct them.`;
      case "3D000":
        return `The database in DATABASE_URL (${where}) does not exist: create it, or correct DATABASE_URL.`;
    }
    if (/timeout exceeded when trying to connect|Connection terminated/i.test(error.message)) {
      return `PostgreSQL at ${where} did not answer: check that it is running, or correct DATABASE_URL.`;
    }
  }

  if (code === "EACCES" || code === "EPERM" || code === "EROFS" || code === "ENOTDIR" || code === "ENOSPC") {
    const reason =
      code === "ENOSPC"
        ? "the disk is full"
        : code === "ENOTDIR"
          ? "part of the path is a file"
          : "it may not be written";
    return `DATA_DIR=${env.DATA_DIR} cannot be used (${path ?? env.DATA_DIR}: ${reason}): set DATA_DIR to a folder this process may write.`;
  }
  return undefined;
}

/**
 * Ends the process after a failed start: one line on standard error (the
 * stack too with LOG_LEVEL=debug), exit code 1.
 */
export function exitOnStartupError(error: unknown, env: Settings & { LOG_LEVEL: string }, what = "server"): never {
  const line = describeStartupError(error, env);
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(
    line
      ? `The ${what} could not start: ${line}\n${env.LOG_LEVEL === "debug" ? `${detail}\n` : ""}`
      : `The ${what} could not start:\n${detail}\n`,
  );
  process.exit(1);
}
