import type { LegalDocument } from "~/content/legal/legal-document";
import { Container } from "~/components/ui/section";

/**
 * Reading styles for the rendered Markdown, scoped to the article by
 * arbitrary variants (no global prose stylesheet).
 */
const proseClasses = [
  "max-w-[70ch] text-ink",
  "[&_h2]:mt-14 [&_h2]:scroll-mt-28 [&_h2]:border-t [&_h2]:border-line [&_h2]:pt-10 [&_h2]:text-2xl [&_h2]:text-ink",
  "[&_h2:first-child]:mt-0 [&_h2:first-child]:border-t-0 [&_h2:first-child]:pt-0",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-28 [&_h3]:text-xl [&_h3]:text-ink",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li::marker]:text-primary-700",
  "[&_strong]:font-semibold [&_strong]:text-ink",
  "[&_a]:font-semibold [&_a]:break-words [&_a]:text-primary-800 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-primary-900 [&_a:hover]:decoration-2",
].join(" ");

/**
 * The page component of /privacy or /terms, whose loader gives the document:
 *
 *     export default legalDocumentPage("What we collect …");
 */
export function legalDocumentPage(summary: string) {
  return function Page({ loaderData }: { loaderData: LegalDocument }) {
    return <LegalDocumentPage doc={loaderData} summary={summary} />;
  };
}

/** The page layout shared by /privacy and /terms: title, date, contents, document. */
export function LegalDocumentPage({ doc, summary }: { doc: LegalDocument; summary: string }) {
  return (
    <>
      <section aria-labelledby="legal-title" className="border-b border-line bg-surface py-14 sm:py-16">
        <Container>
          <p className="mb-3 text-sm font-semibold tracking-wider text-accent-700 uppercase">Legal</p>
          <h1 id="legal-title" className="text-4xl text-ink sm:text-5xl">
            {doc.title}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-muted">{summary}</p>
          <p className="mt-4 text-sm font-semibold text-primary-800">{doc.lastUpdated}</p>
        </Container>
      </section>
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-labelledby="legal-contents" className="lg:sticky lg:top-28 lg:self-start">
          <div className="rounded-card border border-line bg-white p-5">
            <h2 id="legal-contents" className="text-base text-ink">
              Contents
            </h2>
            <ol className="mt-3 grid gap-1 text-sm">
              {doc.toc.map((entry) => (
                <li key={entry.id}>
                  <a
                    href={`#${entry.id}`}
                    className="block rounded-md px-2 py-1.5 text-primary-800 underline-offset-2 hover:bg-primary-50 hover:underline"
                  >
                    {entry.text}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article
          aria-labelledby="legal-title"
          className={proseClasses}
          // Our own Markdown, rendered at build time from app/content/legal.
          dangerouslySetInnerHTML={{ __html: doc.html }}
        />
      </Container>
    </>
  );
}
