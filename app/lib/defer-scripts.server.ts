/**
 * Starts a page's JavaScript after its first paint.
 *
 * React Router's `<Scripts>` starts every script of the page while the HTML
 * is still being parsed: a `modulepreload` link per file (React puts them in
 * `<head>`) and a module script whose static imports fetch the route
 * modules. On a slow mobile connection those ~110 KB compete with the
 * stylesheet and the font for the first paint, which then waits for them
 * (docs/decisions/006-page-weight.md). This rewrites the rendered document:
 *
 *   - the `modulepreload` links are taken out of the HTML;
 *   - the module script first waits until the page's largest content is on
 *     screen (what a visitor waits for), then adds the same preload links (so the whole module graph still loads in
 *     parallel), then imports the route modules dynamically, then runs the
 *     rest of React Router's bootstrap unchanged.
 *
 * The page reads and works (links, forms) before hydration as it does
 * without JavaScript; hydration starts one frame later than before.
 *
 * The script keeps its nonce (rendered pages), and prerendered pages hash
 * the final text (scripts/postbuild.ts), so the Content-Security-Policy is
 * unchanged. If the document does not have the shape this expects (a new
 * React Router version), it is returned unchanged and `shapeError` says why:
 * the end-to-end tests check that pages are deferred.
 *
 * A content page is not hydrated (docs/decisions/011-content-without-framework-js.md):
 * it has no React Router bootstrap to defer, and is returned unchanged.
 */

const preloadLink = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const moduleScript = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const staticImport = /^\s*import \* as (\w+) from ("[^"\n]+");[ \t]*$/gm;

/**
 * Resolves once the page's largest content so far has been painted: the
 * browser's first largest-contentful-paint entry (reported when the frame is
 * on screen). Sooner when the member is already at work (focus moved, a tap
 * or a key): Chromium reports no largest paint at all after an input that
 * came before the first paint, and the page would otherwise never hydrate;
 * for any other page where none is reported, 10 s after the load event (a
 * module's top-level await does not hold the load event back). Where the
 * browser has no largest-paint entry, after the fonts in use and two frames.
 * A hidden tab paints nothing, so there it resolves at once. (The enquiry
 * pages' form islands wait for more: the visitor's first move to the form,
 * app/enhance/islands.ts.)
 */
const afterFirstPaint = [
  "await new Promise((go) => {",
  '  if (document.visibilityState === "hidden") return go();',
  "  let started = false;",
  "  const then = () => { if (!started) { started = true; setTimeout(go, 0); } };",
  "  if (document.activeElement && document.activeElement !== document.body) return then();",
  '  for (const type of ["focusin", "pointerdown", "keydown"]) addEventListener(type, then, { once: true, capture: true });',
  '  if (PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) {',
  '    new PerformanceObserver((_, seen) => { seen.disconnect(); then(); }).observe({ type: "largest-contentful-paint", buffered: true });',
  "    const late = () => setTimeout(then, 10000);",
  '    if (document.readyState === "complete") late(); else addEventListener("load", late, { once: true });',
  "  } else {",
  "    const frames = () => requestAnimationFrame(() => requestAnimationFrame(then));",
  "    document.fonts.ready.then(frames, frames);",
  "  }",
  "});",
].join("\n");

type DeferResult = { html: string; shapeError?: string };

export function deferScripts(html: string, { hydrated = true }: { hydrated?: boolean } = {}): DeferResult {
  if (!hydrated) return { html };
  // Inline module scripts only: a module loaded by its src= is not React Router's bootstrap.
  const scripts = [...html.matchAll(moduleScript)].filter((match) => !/\bsrc=/.test(match[1]!));
  if (scripts.length !== 1) return { html, shapeError: `expected one module script, found ${scripts.length}` };
  const [whole, open, body, close] = scripts[0]!;
  const imports = [...body!.matchAll(staticImport)];
  if (imports.length === 0) return { html, shapeError: "the module script imports no route modules" };

  const hrefs = [...html.matchAll(preloadLink)].map((match) => match[1]!);
  const rest = body!.replace(staticImport, "");
  const deferred = [
    afterFirstPaint,
    `for (const href of ${JSON.stringify(hrefs)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${imports.map((m) => m[1]).join(", ")}] = await Promise.all([${imports.map((m) => `import(${m[2]})`).join(", ")}]);`,
    rest.trim(),
  ].join("\n");

  const withoutPreloads = html.replace(preloadLink, "");
  return { html: withoutPreloads.replace(whole, () => `${open}${deferred}${close}`) };
}
