import { loadLegalDocument } from "~/content/legal/render.server";
import { pageMeta } from "~/lib/seo";
import { LegalDocumentPage } from "../privacy/legal-document";
import type { Route } from "./+types/route";

export { contentPage as handle } from "~/lib/hydration";

export const meta = () => pageMeta("/terms");

/** Runs at build time (the page is prerendered): Markdown to HTML. */
export function loader() {
  return loadLegalDocument("terms");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocumentPage
      doc={loaderData}
      summary="The terms that apply when you use the Maternis platform and this website, including subscriptions, acceptable use, data protection and your rights."
    />
  );
}
