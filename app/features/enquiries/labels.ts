/**
 * How an enquiry reads to people (the console, the integrations' messages):
 * its kind's and its e-mails' names, and its stored fields with the labels
 * and option words its form showed. From the registry (./kinds.ts).
 */
import { enquiryKind, enquiryKindNames, type DeliveryKind, type EnquiryKind } from "./kinds";

/** One stored field as its form showed it. */
export type EnquiryField = { key: string; label: string; value: string };

/** The label a field of a kind's stored payload had on its form (payload keys follow the registry's toPayload). */
const payloadAliases: Record<string, string> = { name: "fullName", preferredTime: "preferredDate" };

/** The payload key a form field is stored under (the registry's toPayload renames these two). */
export function payloadKeyOf(field: string): string {
  return Object.entries(payloadAliases).find(([, alias]) => alias === field)?.[0] ?? field;
}

export function payloadLabel(kind: EnquiryKind, key: string): string {
  const fields = enquiryKind(kind).fields;
  return fields[key]?.label ?? fields[payloadAliases[key] ?? ""]?.label ?? key;
}

/** A stored value as the form showed it: a select's option label, otherwise the text. */
export function payloadValue(kind: EnquiryKind, key: string, value: string): string {
  const fields = enquiryKind(kind).fields;
  const spec = fields[key] ?? fields[payloadAliases[key] ?? ""];
  return spec?.options?.find((option) => option.value === value)?.label ?? value;
}

/** The fields of a payload in their form's order (keys the form does not know come last). */
export function payloadFields(kind: EnquiryKind, payload: Record<string, string | undefined>): EnquiryField[] {
  const order = Object.keys(enquiryKind(kind).fields).map(payloadKeyOf);
  const keys = [...order.filter((key) => key in payload), ...Object.keys(payload).filter((k) => !order.includes(k))];
  return keys
    .filter((key) => payload[key] !== undefined && payload[key] !== "")
    .map((key) => ({ key, label: payloadLabel(kind, key), value: payloadValue(kind, key, payload[key]!) }));
}

/** Which payload key an inbox row shows as its topic (the registry's `topic`: the interest for contact, the role otherwise). */
export function topicKey(kind: EnquiryKind): string {
  return payloadKeyOf(enquiryKind(kind).topic);
}

export const kindLabels = Object.fromEntries(enquiryKindNames.map((k) => [k, enquiryKind(k).label])) as Record<
  EnquiryKind,
  string
>;

export const deliveryKindLabels: Record<DeliveryKind, string> = {
  welcome: "Welcome",
  notification: "Notification",
  acknowledgement: "Acknowledgement",
};
