/** Inline styles and the <head> style sheet of the e-mail layout, built from the design tokens. */
import type { CSSProperties } from "react";
import { colours, EMAIL_MAX_WIDTH, fontFamily, spacing } from "./tokens";

const px = (value: number) => `${value}px`;
const { xs, sm, md, lg, gutter } = spacing;

export const styles = {
  body: { backgroundColor: colours.page, margin: 0, padding: `${px(lg)} ${px(sm)}`, fontFamily, color: colours.text },
  container: {
    maxWidth: px(EMAIL_MAX_WIDTH),
    width: "100%",
    backgroundColor: colours.card,
    borderRadius: "8px",
    overflow: "hidden",
    border: `1px solid ${colours.rule}`,
  },
  bar: { height: "6px", lineHeight: "6px", fontSize: "6px" },
  header: { padding: `${px(lg)} ${px(gutter)} 0` },
  logoCell: { paddingRight: px(sm), verticalAlign: "middle" },
  logo: { height: "auto", borderRadius: "10px" },
  brandCell: { verticalAlign: "middle" },
  brand: { margin: 0, fontSize: "20px", lineHeight: "24px", fontWeight: 700, color: colours.text },
  tagline: { margin: 0, fontSize: "13px", lineHeight: "18px", color: colours.muted },
  content: { padding: `${px(xs)} ${px(gutter)} ${px(md)}` },
  title: {
    margin: `${px(lg)} 0 ${px(xs)}`,
    fontSize: "24px",
    lineHeight: "32px",
    fontWeight: 700,
    color: colours.text,
  },
  html: { fontSize: "16px", lineHeight: "24px", color: colours.text },
  sectionHeading: {
    margin: `${px(lg)} 0 0`,
    fontSize: "18px",
    lineHeight: "26px",
    fontWeight: 700,
    color: colours.text,
  },
  ctas: { padding: `${px(md)} 0 ${px(xs)}` },
  button: {
    color: colours.buttonText,
    fontSize: "16px",
    fontWeight: 700,
    lineHeight: "24px",
    padding: `${px(sm)} 20px`,
    borderRadius: "6px",
    margin: `0 ${px(xs)} ${px(xs)} 0`,
  },
  secondary: { margin: `${px(xs)} 0`, fontSize: "15px", lineHeight: "24px", color: colours.text },
  link: { color: colours.link, textDecoration: "underline" },
  rule: { borderColor: colours.rule, margin: `${px(xs)} 0 0` },
  footer: { padding: `${px(xs)} ${px(gutter)} ${px(lg)}` },
  footerText: { margin: `${px(xs)} 0`, fontSize: "13px", lineHeight: "20px", color: colours.muted },
} satisfies Record<string, CSSProperties>;

/**
 * Links and lists inside the template content carry no inline style; this sets
 * their look where the mail client supports <style> (most do), and narrows the
 * gutter on small screens.
 */
export const headCss = `
.mx-html p{margin:${px(sm)} 0}
.mx-html a{color:${colours.link};text-decoration:underline}
.mx-html ul,.mx-html ol{margin:${px(sm)} 0;padding-left:${px(lg)}}
@media only screen and (max-width:${px(spacing.smallScreen)}){
  .mx-pad>tbody>tr>td{padding-left:${px(spacing.gutterSmallScreen)} !important;padding-right:${px(spacing.gutterSmallScreen)} !important}
  .mx-title{font-size:22px !important;line-height:30px !important}
}`;
