/**
 * Renders the legal documents (privacy.md, terms.md) to HTML at build time.
 * Server-only: the /privacy and /terms loaders call it while prerendering, so
 * neither `marked` nor the Markdown sources reach the client bundle.
 *
 * The Markdown may use placeholders such as {{legalName}} and {{enquiriesEmail}};
 * they are filled from the company module, so contact details are typed once.
 */
import { Marked, type Tokens } from "marked";
import { company, formatAddress } from "~/platform/company";
import { figures } from "~/content/figures";
import type { LegalDocument, LegalTocEntry } from "./legal-document";
import privacySource from "./privacy.md?raw";
import termsSource from "./terms.md?raw";

export const legalSources = { privacy: privacySource, terms: termsSource } as const;
type LegalDocumentName = keyof typeof legalSources;

/** Values the Markdown may use as {{name}}. */
export const placeholders: Record<string, string> = {
  brand: company.brand,
  legalName: company.legalName,
  aiServiceName: company.aiServiceName,
  address: formatAddress(),
  enquiriesEmail: company.email.enquiries,
  careersEmail: company.email.careers,
  telephone: company.telephone.display,
  telephoneE164: company.telephone.e164,
  siteUrl: company.siteUrl,
  uptime: figures.uptime.value,
};

/** Replaces {{name}} placeholders; an unknown name fails the build. */
export function fillPlaceholders(source: string, values: Record<string, string> = placeholders) {
  return source.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Unknown placeholder {{${name}}} in legal document`);
    return value;
  });
}

/** "1. Information we collect" → "information-we-collect". */
export function slugify(text: string) {
  return text
    .toLowerCase()
    .replace(/^\s*\d+(\.\d+)*\.?\s+/, "")
    .replace(/&[a-z]+;|&#\d+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Converts a legal Markdown document to a title, date, HTML body and table of contents. */
export function renderLegalMarkdown(source: string): LegalDocument {
  const filled = fillPlaceholders(source);
  const titleMatch = /^#\s+(.+)$/m.exec(filled);
  const updatedMatch = /^Last updated:\s*.+$/m.exec(filled);
  if (!titleMatch?.[1]) throw new Error("Legal document has no `# ` title");
  if (!updatedMatch) throw new Error("Legal document has no 'Last updated:' line");
  const body = filled.replace(titleMatch[0], "").replace(updatedMatch[0], "");

  const toc: LegalTocEntry[] = [];
  const used = new Set<string>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        let id = slugify(text) || `section-${used.size + 1}`;
        for (let n = 2; used.has(id); n++) id = `${slugify(text)}-${n}`;
        used.add(id);
        if (depth === 2) toc.push({ id, text });
        return `<h${depth} id="${escapeHtml(id)}">${inner}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parse(body, { async: false });
  return { title: titleMatch[1].trim(), lastUpdated: updatedMatch[0].trim(), html, toc };
}

export function loadLegalDocument(name: LegalDocumentName): LegalDocument {
  return renderLegalMarkdown(legalSources[name]);
}
