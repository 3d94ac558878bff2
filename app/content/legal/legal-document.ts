/** A legal document rendered from Markdown at build time (see render.server.ts). */
export type LegalTocEntry = { id: string; text: string };

export type LegalDocument = {
  /** From the document's `# ` heading. */
  title: string;
  /** The "Last updated: …" line, e.g. "Last updated: January 2025". */
  lastUpdated: string;
  /** The body as HTML (our own trusted content), headings carrying stable ids. */
  html: string;
  /** One entry per `## ` section, in order. */
  toc: LegalTocEntry[];
};
