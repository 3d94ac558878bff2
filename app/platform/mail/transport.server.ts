/**
 * The mail and SMS transports' face: which transport the environment chooses
 * (MAIL_TRANSPORT: file, smtp or acs; SMS_TRANSPORT: file or acs), and what
 * callers use of them. Each transport is a file of its own: outbox.server.ts
 * (file), smtp.server.ts, acs.server.ts; what a message and a failed send are
 * is in message.server.ts and send-errors.server.ts.
 */
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/log.server";
import { acsMailTransport, acsSmsTransport, type AcsClientSettings } from "./acs.server";
import type { MailTransport, SmsTransport } from "./message.server";
import { fileMailTransport, fileSmsTransport, outboxDir } from "./outbox.server";
import { TransportConfigError } from "./send-errors.server";
import { smtpMailTransport } from "./smtp.server";

export * from "./message.server";
export * from "./send-errors.server";
export { ACS_SEND_TIMEOUT_MS, acsOperationId, parseAcsConnectionString, type AcsClientSettings } from "./acs.server";
export { fileMailTransport, fileSmsTransport } from "./outbox.server";
export { smtpMailTransport } from "./smtp.server";

export function createMailTransport(env: Env, log: Logger, acs: AcsClientSettings = {}): MailTransport {
  switch (env.MAIL_TRANSPORT) {
    case "smtp":
      if (!env.SMTP_URL) throw new TransportConfigError("MAIL_TRANSPORT=smtp needs SMTP_URL");
      return smtpMailTransport({ from: env.MAIL_FROM, url: env.SMTP_URL });
    case "acs":
      if (!env.ACS_CONNECTION_STRING) throw new TransportConfigError("MAIL_TRANSPORT=acs needs ACS_CONNECTION_STRING");
      return acsMailTransport({ from: env.MAIL_FROM, connectionString: env.ACS_CONNECTION_STRING, ...acs });
    default:
      return fileMailTransport({ from: env.MAIL_FROM, outbox: outboxDir(env), log });
  }
}

export function createSmsTransport(env: Env, log: Logger, acs: AcsClientSettings = {}): SmsTransport {
  if (env.SMS_TRANSPORT === "acs") {
    if (!env.ACS_CONNECTION_STRING) throw new TransportConfigError("SMS_TRANSPORT=acs needs ACS_CONNECTION_STRING");
    if (!env.SMS_FROM)
      throw new TransportConfigError(
        "SMS_TRANSPORT=acs needs SMS_FROM: the ACS phone number to send from, in E.164 format like +447700900123",
      );
    return acsSmsTransport({ from: env.SMS_FROM, connectionString: env.ACS_CONNECTION_STRING, ...acs });
  }
  return fileSmsTransport({ outbox: outboxDir(env), log });
}
