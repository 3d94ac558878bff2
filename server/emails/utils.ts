/**
 * Small, pure helpers shared by the e-mail layout and templates: HTML escaping,
 * slugs, tracking parameters, first names, safe subjects and the plain-text
 * converter for the limited HTML our own templates produce.
 */

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for use in HTML element content or a quoted attribute. Every
 * piece of user input that goes into an `introHtml` or section `html` string
 * passes through this one function.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}

/** Escapes multi-line text and keeps its line breaks as `<br>`. */
export function textToHtml(value: string): string {
  return escapeHtml(value.replace(/\r\n?/g, "\n")).replace(/\n/g, "<br>");
}

export const SLUG_MAX_LENGTH = 40;

/**
 * A URL-safe slug: lower case, ASCII letters and digits joined by single
 * hyphens, at most `maxLength` characters and never ending in a hyphen.
 */
export function slugify(value: string, maxLength: number = SLUG_MAX_LENGTH): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, Math.max(0, maxLength))
    .replace(/-+$/, "");
}

export type UtmOptions = {
  /** Campaign name (the e-mail's title); slugified to at most 40 characters. */
  campaign: string;
  /** The e-mail variant (neutral, success, alert, info). */
  variant: string;
  /** The call-to-action label; slugified. */
  cta: string;
};

/**
 * Adds utm_source=email, utm_medium=transactional, utm_campaign, utm_variant
 * and utm_cta to an http(s) link. Links that already carry any utm_ parameter,
 * non-http links (mailto:, tel:) and unparseable URLs are returned untouched.
 */
export function withUtm(url: string, { campaign, variant, cta }: UtmOptions): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return url;
  for (const key of parsed.searchParams.keys()) {
    if (key.toLowerCase().startsWith("utm_")) return url;
  }
  const params = new URLSearchParams({
    utm_source: "email",
    utm_medium: "transactional",
    utm_campaign: slugify(campaign) || "email",
    utm_variant: slugify(variant) || "neutral",
    utm_cta: slugify(cta) || "link",
  }).toString();
  parsed.search = parsed.search.length > 1 ? `${parsed.search}&${params}` : `?${params}`;
  return parsed.toString();
}

/** The name up to its first space ("Ama Mensah" → "Ama"); "" when there is no name. */
export function firstName(name: string): string {
  return singleLine(name).split(" ")[0] ?? "";
}

/**
 * Makes user text safe for a single-line header such as a subject: control
 * characters (CR, LF, tab, NUL, C1) and Unicode line/paragraph separators
 * become spaces, runs of whitespace collapse, and the ends are trimmed.
 */
export function singleLine(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A subject line from a template with user values already inserted. */
export function subjectLine(value: string): string {
  return singleLine(value);
}

/** The label of an option value ("ngo" → "NGO Professional"); the raw value when unknown. */
export function optionLabel(
  options: readonly { value: string; label: string }[],
  value: string | undefined,
): string | undefined {
  if (value === undefined) return undefined;
  return options.find((o) => o.value === value)?.label ?? value;
}

/* ------------------------------------------------------------------------ */
/* Plain text                                                                */
/* ------------------------------------------------------------------------ */

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  copy: "©",
  pound: "£",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
};

/** Decodes HTML entities in one pass (so "&amp;lt;" becomes "&lt;", not "<"). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return namedEntities[body.toLowerCase()] ?? match;
  });
}

const blockTags = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "table", "tr", "blockquote"]);

/**
 * Converts the limited HTML our templates write (p, br, strong/em, a href,
 * ul/ol/li, entities) into readable plain text. Links become "text (url)";
 * a mailto:/tel: link whose text is its address stays as the text alone.
 * Unknown tags are dropped, keeping their text.
 */
export function htmlToText(html: string): string {
  let out = "";
  const lists: { ordered: boolean; count: number }[] = [];
  const links: { href: string; start: number }[] = [];
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let last = 0;
  const appendText = (raw: string) => {
    out += decodeEntities(raw.replace(/\s+/g, " "));
  };
  for (const match of html.matchAll(tag)) {
    appendText(html.slice(last, match.index));
    last = match.index + match[0].length;
    const closing = match[1] === "/";
    const name = (match[2] ?? "").toLowerCase();
    const attributes = match[3] ?? "";
    if (name === "br") {
      out += "\n";
    } else if (blockTags.has(name)) {
      out += "\n\n";
    } else if (name === "ul" || name === "ol") {
      if (closing) lists.pop();
      else lists.push({ ordered: name === "ol", count: 0 });
      out += "\n";
    } else if (name === "li" && !closing) {
      const list = lists[lists.length - 1];
      out += `\n${list?.ordered ? `${++list.count}.` : "-"} `;
    } else if (name === "a") {
      if (!closing) {
        const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(attributes);
        links.push({ href: decodeEntities(href?.[1] ?? href?.[2] ?? ""), start: out.length });
      } else {
        const link = links.pop();
        if (link?.href) {
          const text = out.slice(link.start).trim();
          const bare = link.href.replace(/^(mailto:|tel:)/i, "");
          if (text !== link.href && text !== bare) out += text ? ` (${link.href})` : link.href;
        }
      }
    }
  }
  appendText(html.slice(last));
  return tidyText(out);
}

/** Trims every line, and keeps at most one blank line between paragraphs. */
export function tidyText(value: string): string {
  return value
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
