import { expect, test } from "vitest";
import { TOTP_PERIOD_MS } from "../../app/features/sign-in/sign-in";
import { nextAppStep } from "./totp";

test("an app's codes: the previous step's while 10 s of this step remain, then this step's, then the next one's, then none", () => {
  const step = 1_000;
  const early = step * TOTP_PERIOD_MS + 5_000; // 25 s of the step left
  expect(nextAppStep(-Infinity, early)).toBe(step - 1);
  expect(nextAppStep(step - 1, early)).toBe(step);
  expect(nextAppStep(step, early)).toBe(step + 1);
  expect(nextAppStep(step + 1, early)).toBeUndefined();
  const late = (step + 1) * TOTP_PERIOD_MS - 9_999; // under 10 s left: the previous step's code may expire before it is checked
  expect(nextAppStep(-Infinity, late)).toBe(step);
  expect(nextAppStep(step + 1, late + TOTP_PERIOD_MS)).toBe(step + 2);
});
