import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Lists every skipped end-to-end test with its reason at the end of the run,
 * so a skip is never silent. A skip without a reason fails the run.
 */
export default class SkipReporter implements Reporter {
  private readonly skipped: { title: string; reason: string | undefined }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== "skipped") return;
    const reason = [...test.annotations, ...result.annotations].find((a) => a.type === "skip" || a.type === "fixme");
    this.skipped.push({ title: test.titlePath().slice(1).join(" › "), reason: reason?.description });
  }

  async onEnd() {
    if (this.skipped.length === 0) return;
    console.log(`\n${this.skipped.length} skipped, each with its reason:`);
    for (const { title, reason } of this.skipped) console.log(`  - ${title}: ${reason ?? "NO REASON GIVEN"}`);
    if (this.skipped.some((s) => !s.reason)) {
      console.log("A test was skipped without a reason: give test.skip() a description.");
      return { status: "failed" as const };
    }
  }
}
