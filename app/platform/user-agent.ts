/**
 * A session's device as the Account page shows it: "Chrome on Windows",
 * "Safari on iPhone", from the User-Agent the browser sent when it signed in.
 * A rough guess, for recognising one's own devices: never a security check.
 */
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? "";
  if (!ua) return "Unknown device";
  const browser = browsers.find(([pattern]) => pattern.test(ua))?.[1];
  const system = systems.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return "Unknown device";
}

/** The three device classes the traffic figures keep. */
export const deviceClasses = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof deviceClasses)[number];

const tablets = /\biPad\b|\bTablet\b|\bKindle\b|\bSilk\/|\bPlayBook\b|\bAndroid\b(?!.*\bMobile\b)/i;
const phones = /\bMobi|\biPhone\b|\biPod\b|\bWindows Phone\b|\bOpera Mini\b|\bBlackBerry\b|\bBB10\b|\bKAIOS\b/i;

/**
 * A user agent's device class, for the traffic figures: "phone", "tablet" or
 * "desktop" (the default, also for an agent that says nothing). A rough
 * guess from the User-Agent alone: an iPad that asks for desktop sites
 * (iPadOS' default) says it is a Mac, and counts as a desktop.
 */
export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  const ua = userAgent ?? "";
  if (tablets.test(ua)) return "tablet";
  if (phones.test(ua)) return "phone";
  return "desktop";
}
