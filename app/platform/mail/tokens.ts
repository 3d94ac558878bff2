/**
 * Design tokens of the Maternis e-mails: colours, the variant colours, the
 * container width, the font stack and the spacing. The layout, header and
 * footer styles are built from these values only.
 */

export const emailVariants = ["neutral", "success", "alert", "info"] as const;
export type EmailVariant = (typeof emailVariants)[number];

/**
 * Bar and button colour per variant (the variant changes only these). Each
 * takes white button text at WCAG AA contrast or better: neutral 9.6:1,
 * success 5.1:1, alert 6.6:1, info 6.7:1. None of them is used anywhere else
 * in the layout.
 */
export const variantColours: Record<EmailVariant, string> = {
  neutral: "#0a4e48",
  success: "#1a7f37",
  alert: "#b42318",
  info: "#1d4ed8",
};

/** The card never grows wider than this many pixels. */
export const EMAIL_MAX_WIDTH = 660;

export const fontFamily = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const colours = {
  page: "#f4f6f5",
  card: "#ffffff",
  text: "#10201e",
  muted: "#4b5b59",
  link: "#0b6259",
  rule: "#dbe3e1",
  buttonText: "#ffffff",
};

/** Spacing in pixels; the side gutter narrows on small screens. */
export const spacing = {
  xs: 8,
  sm: 12,
  md: 16,
  lg: 24,
  gutter: 32,
  gutterSmallScreen: 20,
  /** Screens at most this wide get the narrow gutter and a smaller title. */
  smallScreen: 480,
};
