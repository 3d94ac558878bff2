-- A member who has a passkey is enrolled (docs/decisions/020-multi-factor-sign-in.md). Before a
-- passkey's registration enrolled its member at once, a member could hold a passkey without being
-- marked enrolled: one from before migration 0006, or one whose enrolment stopped before its last
-- step. An e-mail code alone then opened a setup-only session that could finish enrolling without
-- the passkey. They are now asked for the second step, where their passkey signs them in.
UPDATE "staff_users" SET "two_factor_enabled" = true, "updated_at" = now()
WHERE "two_factor_enabled" = false AND "id" IN (SELECT "user_id" FROM "staff_passkeys");
