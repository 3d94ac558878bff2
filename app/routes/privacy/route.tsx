import { loadLegalDocument } from "~/content/legal/render.server";
import { pageMeta } from "~/lib/seo";
import { legalDocumentPage } from "./legal-document";

export { contentPage as handle } from "~/components/ui/hydration";

export const meta = () => pageMeta("/privacy");

/** Runs at build time (the page is prerendered): Markdown to HTML. */
export function loader() {
  return loadLegalDocument("privacy");
}

export default legalDocumentPage(
  "What we collect through this website, why, how long we keep it and your rights under UK GDPR. In short: only what you send us in a form, no cookies, no tracking.",
);
