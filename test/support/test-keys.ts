/**
 * The keys tests give a process in its environment (app/platform/keys.server.ts),
 * as a PostgreSQL deployment may: every process of a test that shares a
 * database has the same ones. The embedded database's own key file
 * (KEYS_FILE, created on first start) is what the other tests use. Plain
 * Node can import this module (the benchmark scripts do).
 */
export const TEST_KEYS = {
  STAFF_AUTH_SECRET: "test-staff-auth-secret-0123456789abcdef-0123456789",
  DATA_ENCRYPTION_KEY: "test-data-encryption-key-0123456789abcdef-012345",
  FINGERPRINT_KEY: "test-fingerprint-key-0123456789abcdef-0123456789ab",
  FORM_SECRET: "test-form-secret-0123456789abcdef-0123456789abcdef",
} as const;
