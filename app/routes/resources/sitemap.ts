import { pages } from "~/pages";
import { absoluteUrl } from "~/lib/seo";

/** sitemap.xml from the page list (prerendered at build time). */
export function loader() {
  const urls = pages.map((page) => `  <url><loc>${absoluteUrl(page.path)}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
