/** `MAIL_TRANSPORT=smtp`: e-mail through any SMTP server, with a small pool of connections. */
import { lazyTransport } from "./lazy-nodemailer.server";
import { nodemailerMessage, type MailTransport } from "./message.server";
import { EMAIL_FALLBACK_ERROR, SendError, errorText, isRecipientRefusal } from "./send-errors.server";

/** `smtp`: any SMTP server, including the Azure Communication Services SMTP relay (STARTTLS on 587). */
export function smtpMailTransport(options: { from: string; url: string }): MailTransport {
  const transport = lazyTransport({
    url: options.url,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: "smtp",
    async sendEmail(message) {
      try {
        const info = await (await transport.get()).sendMail(nodemailerMessage(options.from, message));
        if (info.rejected?.length)
          throw new SendError(`Recipient rejected: ${info.rejected.join(", ")}`, { permanent: true });
        return { messageId: info.messageId };
      } catch (error) {
        if (error instanceof SendError) throw error;
        throw new SendError(errorText(error, EMAIL_FALLBACK_ERROR), {
          cause: error,
          permanent: isRecipientRefusal(error),
        });
      }
    },
    close() {
      transport.close();
    },
  };
}
