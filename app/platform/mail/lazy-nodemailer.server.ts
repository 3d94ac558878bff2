import type { Transporter, TransportOptions } from "nodemailer";

/**
 * A nodemailer transport, made with the first message: nodemailer loads then,
 * so a process that never sends (a web process whose worker runs elsewhere)
 * never holds it (docs/decisions/025-memory-recovery-and-load.md).
 */
export function lazyTransport(options: TransportOptions | Record<string, unknown>) {
  let made: Promise<Transporter> | undefined;
  return {
    get: () => (made ??= import("nodemailer").then((nodemailer) => nodemailer.default.createTransport(options))),
    close: () => void made?.then((transport) => transport.close()).catch(() => {}),
  };
}
