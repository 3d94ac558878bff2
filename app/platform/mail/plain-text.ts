/**
 * How React Email's plain-text conversion (html-to-text) is tuned for our
 * layout. The plain-text part is the rendered HTML converted by React Email;
 * these options only adjust how a few elements read as text.
 */
import type { toPlainText } from "react-email";

type PlainTextOptions = NonNullable<Parameters<typeof toPlainText>[1]>;

/** Marks an element React Email leaves out of the plain-text part (as it does the preheader). */
export const skipInText = { "data-skip-in-text": "true" } as const;

/**
 * Marks a call-to-action link so the plain-text part prints its whole URL
 * after its label. It adds an attribute only; the HTML looks the same.
 */
export const ctaMarker = { "data-cta": "" } as const;

export const plainTextOptions: PlainTextOptions = {
  selectors: [
    // Headings keep their case (html-to-text would upper-case them).
    ...["h1", "h2"].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: "ul", options: { itemPrefix: "- " } },
    // A telephone link's text is already the number.
    { selector: 'a[href^="tel:"]', format: "anchor", options: { ignoreHref: true } },
    // Calls to action print their whole URL, keeping "mailto:" (html-to-text drops it).
    {
      selector: "a[data-cta]",
      format: "anchor",
      options: {
        linkBrackets: false,
        pathRewrite: (href: string, _metadata: unknown, element: { attribs?: Record<string, string> }) =>
          element.attribs?.href ?? href,
      },
    },
  ],
};
