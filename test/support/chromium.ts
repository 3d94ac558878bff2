/**
 * Debian's Chromium, as every browser-driving tool here launches it
 * (Playwright's own browser download cannot work on this network).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const commonArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const chromiumArgs = ["--headless=new", ...commonArgs];

/**
 * The browser the end-to-end tests drive: Debian's `chromium-headless-shell`, Chromium's headless
 * shell (the kind Playwright itself uses by default), which needs about a third of the full
 * browser's CPU for a page here (docs/decisions/003-testing.md). The benchmarks keep the full
 * browser (`chromiumPath`), which their figures were measured with.
 */
export const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

export const headlessShellArgs = commonArgs;
