/**
 * The console's "Text messages" (admins): every SMS the communication
 * endpoint sent or is still trying to send (one per recipient), newest first,
 * with Retry on one given up. Numbers and texts are personal data, hence
 * admins only. Types and labels only; app/features/text-messages/text-messages.server.ts implements it.
 */
export const TEXT_MESSAGES_PAGE_SIZE = 50;

export type TextMessageState = "queued" | "sent" | "failed" | "dead";

export const textMessageStateLabels: Record<TextMessageState, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed, retrying",
  dead: "Given up",
};

export type TextMessageRow = {
  id: string;
  recipient: string;
  body: string;
  state: TextMessageState;
  attempts: number;
  lastError: string | null;
  providerMessageId: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

export type TextMessagePage = { rows: TextMessageRow[]; page: number; pages: number; total: number; dead: number };
