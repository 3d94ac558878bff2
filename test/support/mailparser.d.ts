// mailparser ships no types; this covers what the tests read.
declare module "mailparser" {
  export type AddressObject = { value: { address?: string; name: string }[]; text: string };
  export type ParsedMail = {
    messageId?: string;
    subject?: string;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    replyTo?: AddressObject;
    html: string | false;
    text?: string;
    headers: Map<string, unknown>;
  };
  export function simpleParser(source: NodeJS.ReadableStream | Buffer | string): Promise<ParsedMail>;
}
