import { describe, expect, test } from "vitest";
import { deferScripts } from "./defer-scripts.server";

/** The shape React Router 8.4 renders (trimmed). */
const page = (nonce = "") =>
  [
    `<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/>`,
    `<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>`,
    `<link rel="modulepreload" href="/assets/entry.client.js"/>`,
    `<link rel="modulepreload" href="/assets/framework.js"/>`,
    `<link rel="modulepreload" href="/assets/root.js"/>`,
    `<link rel="modulepreload" href="/assets/route.js"/>`,
    `<title>About</title></head><body><main><h1>About</h1></main>`,
    `<script${nonce}>window.__reactRouterContext = {};</script>`,
    `<script${nonce} type="module" async=""> ;`,
    `import * as route0 from "/assets/root.js";`,
    `import * as route1 from "/assets/route.js";`,
    `  window.__reactRouterRouteModules = {"root":route0,"routes/about/route":route1};`,
    ``,
    `import("/assets/entry.client.js");</script></body></html>`,
  ].join("\n");

describe("deferScripts", () => {
  test("takes the preload links out and starts the same modules after the first paint", () => {
    const { html, shapeError } = deferScripts(page());
    expect(shapeError).toBeUndefined();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/^\s*import \* as/m);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');

    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    // 1. wait for the painted page, 2. preload the whole graph at once, 3. import, 4. React Router's bootstrap.
    const waited = script.indexOf("\n});\n") + 5;
    const wait = script.slice(0, waited);
    expect(wait).toMatch(/^await new Promise\(\(go\) => \{/);
    const lines = script.slice(waited).split("\n");
    expect(lines[0]).toContain(
      JSON.stringify(["/assets/entry.client.js", "/assets/framework.js", "/assets/root.js", "/assets/route.js"]),
    );
    expect(lines[0]).toContain('rel: "modulepreload"');
    expect(lines[1]).toBe(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/route.js")]);',
    );
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/about/route":route1};');
    expect(script.trimEnd().endsWith('import("/assets/entry.client.js");')).toBe(true);
  });

  describe("when the scripts start", () => {
    /** The bootstrap's wait, run against a page of our own: it reports whether it has let the scripts start. */
    function runWait(shape: { hidden?: boolean; focused?: boolean; complete?: boolean; lcp?: boolean } = {}) {
      const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(deferScripts(page()).html)?.[1] ?? "";
      const wait = script.slice(0, script.indexOf("\n});\n") + 5);
      const listeners = new Map<string, (() => void)[]>();
      let paint: (() => void) | undefined;
      const frames: (() => void)[] = [];
      const late: (() => void)[] = [];
      const body = {};
      const document = {
        visibilityState: shape.hidden ? "hidden" : "visible",
        readyState: shape.complete ? "complete" : "interactive",
        body,
        activeElement: shape.focused ? {} : body,
        fonts: { ready: Promise.resolve() },
      };
      class Observer {
        static supportedEntryTypes = shape.lcp === false ? [] : ["largest-contentful-paint"];
        constructor(private callback: (list: unknown, observer: Observer) => void) {}
        observe() {
          paint = () => this.callback({}, this);
        }
        disconnect() {}
      }
      const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
        ...args: string[]
      ) => (...values: unknown[]) => Promise<void>;
      let started = false;
      void new AsyncFunction(
        "document",
        "addEventListener",
        "PerformanceObserver",
        "requestAnimationFrame",
        "setTimeout",
        wait,
      )(
        document,
        (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
        Observer,
        (frame: () => void) => frames.push(frame),
        // setTimeout: at once for 0 ms, kept for runLate() otherwise.
        (go: () => void, ms?: number) => (ms ? late.push(go) : go()),
      ).then(() => (started = true));
      const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
      return {
        started: async () => (await settle(), started),
        fire: (type: string) => listeners.get(type)?.forEach((listener) => listener()),
        paint: () => paint?.(),
        runFrames: () => {
          for (let i = 0; i < 2; i++) frames.splice(0).forEach((frame) => frame());
        },
        runLate: () => late.splice(0).forEach((timer) => timer()),
      };
    }

    test("after the largest paint, and not before", async () => {
      const waiting = runWait();
      expect(await waiting.started()).toBe(false);
      waiting.paint();
      expect(await waiting.started()).toBe(true);
    });

    test("at once in a hidden tab, or when focus has already moved into the page", async () => {
      expect(await runWait({ hidden: true }).started()).toBe(true);
      expect(await runWait({ focused: true }).started()).toBe(true);
    });

    test("on the member's first tap, key or focus (no largest paint is reported after one)", async () => {
      for (const type of ["pointerdown", "keydown", "focusin"]) {
        const waiting = runWait();
        expect(await waiting.started()).toBe(false);
        waiting.fire(type);
        expect(await waiting.started(), type).toBe(true);
      }
    });

    test("where a largest paint is never reported, 10 s after the load event", async () => {
      const waiting = runWait();
      waiting.runLate();
      expect(await waiting.started()).toBe(false);
      waiting.fire("load");
      expect(await waiting.started()).toBe(false);
      waiting.runLate();
      expect(await waiting.started()).toBe(true);
      const loaded = runWait({ complete: true });
      loaded.runLate();
      expect(await loaded.started()).toBe(true);
    });

    test("in a browser without the largest-paint entry, after the fonts in use and two frames", async () => {
      const waiting = runWait({ lcp: false });
      expect(await waiting.started()).toBe(false);
      waiting.runFrames();
      expect(await waiting.started()).toBe(true);
    });
  });

  test("the rewritten bootstrap is valid module code", async () => {
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(deferScripts(page()).html)?.[1] ?? "";
    // Parse it as the body of an async function (module code with top-level await, minus imports).
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => unknown;
    expect(() => new AsyncFunction(script.replaceAll("import(", "load("))).not.toThrow();
  });

  test("keeps the script's nonce (rendered pages) and the rest of the document", () => {
    const { html } = deferScripts(page(' nonce="abc123"'));
    expect(html).toContain('<script nonce="abc123" type="module" async="">await new Promise');
    expect(html).toContain('<script nonce="abc123">window.__reactRouterContext = {};</script>');
    expect(html).toContain("<main><h1>About</h1></main>");
  });

  test("a document of another shape is returned unchanged, with the reason", () => {
    const noModule = page().replace(' type="module" async=""', "");
    expect(deferScripts(noModule)).toEqual({ html: noModule, shapeError: "expected one module script, found 0" });
    const noImports = page().replace(/^import \* as .*$/gm, "");
    expect(deferScripts(noImports)).toEqual({
      html: noImports,
      shapeError: "the module script imports no route modules",
    });
    const twice = page().replace("</body>", '<script type="module">1</script></body>');
    expect(deferScripts(twice).shapeError).toBe("expected one module script, found 2");
  });
});
