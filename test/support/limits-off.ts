/**
 * The "limits off" environment for a server under test: every request limit
 * out of the way and no minimum fill time, so the server refuses nothing it
 * would otherwise accept. Load tests, fault tests and the end-to-end stack
 * post many forms from one address; the limits themselves are unit-tested.
 * A suite that needs one limit on (or a minimum fill time) overrides it.
 */
export const limitsOffEnv: Record<string, string> = {
  FORM_MIN_FILL_MS: "0",
  RATE_LIMIT_PER_MINUTE: "100000000",
  POST_RATE_LIMIT_PER_MINUTE: "100000000",
  ENQUIRY_LIMIT_PER_CLIENT_PER_HOUR: "100000000",
  ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY: "100000000",
  ENQUIRY_LIMIT_GLOBAL_PER_HOUR: "100000000",
  STAFF_POST_RATE_LIMIT_PER_MINUTE: "100000000",
  CREDENTIAL_FAILURES_PER_MINUTE: "100000000",
  STAFF_CODE_LIMIT_PER_ADDRESS: "100000000",
  STAFF_CODE_LIMIT_PER_ADDRESS_CLIENT: "100000000",
  STAFF_CODE_LIMIT_PER_CLIENT: "100000000",
  STAFF_WRONG_CODES_PER_CLIENT: "100000000",
  STAFF_WRONG_CODES_BEFORE_DELAY: "100000000",
  STAFF_WRONG_CODES_ALERT_PER_ADDRESS: "100000000",
  SPAM_KEEP_PER_CLIENT_PER_DAY: "100000000",
  SPAM_KEEP_GLOBAL_PER_DAY: "100000000",
  COMMUNICATION_RECIPIENTS_PER_MINUTE: "100000000",
  COMMUNICATION_RECIPIENTS_PER_DAY: "100000000",
};
