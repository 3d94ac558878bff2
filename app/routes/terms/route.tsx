import { loadLegalDocument } from "~/content/legal/render.server";
import { pageMeta } from "~/lib/seo";
import { legalDocumentPage } from "../privacy/legal-document";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/terms");

/** Runs at build time (the page is prerendered): Markdown to HTML. */
export function loader() {
  return loadLegalDocument("terms");
}

export default legalDocumentPage(
  "The terms that apply when you use the Maternis platform and this website, including subscriptions, acceptable use, data protection and your rights.",
);
