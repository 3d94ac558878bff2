/** The enquiries feature's face to the other features: what they may use of it (its contract). */
export { enquiryEvents, type EnquiryEvent } from "./events";
export {
  deliveryKinds,
  enquiryKind,
  enquiryKindNames,
  enquiryKinds,
  fieldsOf,
  isEnquiryKind,
  recipientOf,
  type DeliveryKind,
  type EnquiryKind,
} from "./kinds";
export {
  deliveryKindLabels,
  kindLabels,
  payloadFields,
  payloadKeyOf,
  payloadLabel,
  payloadValue,
  topicKey,
  type EnquiryField,
} from "./labels";
export { type SpamReason } from "./service";
export {
  decodeSource,
  encodeSource,
  SOURCE_FIELD,
  sourceColumns,
  sourceExportColumns,
  sourceLines,
  sourceOfColumns,
  type EnquirySource,
  type SourceColumns,
} from "./source";
