import { describe, expect, it } from "vitest";
import { islandPaths } from "~/features/enquiries/kinds";
import { pages } from "~/pages";
import { contentPage, formPage, isHydratedPath, linkDiscovery, pageHydrates } from "./hydration";

const routeModules = import.meta.glob<{ handle?: unknown }>(["../../routes/*/route.tsx", "../../routes/not-found.tsx"]);

describe("which pages hydrate", () => {
  it("the deepest route handle that says decides; a page hydrates unless one says not", () => {
    expect(pageHydrates([])).toBe(true);
    expect(pageHydrates([undefined, { title: "x" }])).toBe(true);
    expect(pageHydrates([undefined, contentPage])).toBe(false);
    expect(pageHydrates([contentPage, { hydrate: true }])).toBe(true);
    expect(pageHydrates([{ hydrate: true }, undefined])).toBe(true);
  });

  it("no public page is hydrated: content pages say so, the enquiry pages (form islands) too, and the 404 page", async () => {
    expect(islandPaths).toEqual(["/contact", "/demo", "/advisory"]); // from the registry, one per kind
    for (const page of pages) {
      const load = routeModules[`../../${page.file}`];
      expect(load, page.file).toBeDefined();
      const module = await load!();
      expect(pageHydrates([module.handle]), page.path).toBe(false);
      const island = islandPaths.includes(page.path);
      expect(module.handle, page.path).toBe(island ? formPage : contentPage);
    }
    const notFound = await routeModules["../../routes/not-found.tsx"]!();
    expect(pageHydrates([notFound.handle])).toBe(false);
  });

  it("knows the hydrated paths (the console), so a hydrated page can follow other links as documents", () => {
    for (const path of ["/staff", "/staff/enquiries/12"]) expect(isHydratedPath(path), path).toBe(true);
    for (const path of ["/", "/about", "/team", "/contact", "/demo/", "/advisory", "/staffing", "/no-such-page"])
      expect(isHydratedPath(path), path).toBe(false);
  });

  it("lets the router look ahead only for links to hydrated pages (a content page loads as a document)", () => {
    for (const to of ["/staff", "/staff/inbox"]) expect(linkDiscovery(to), to).toBe("render");
    for (const to of ["/", "/about", "/contact", "/demo?interest=pilot", "/advisory#form", "/investors?from=banner"])
      expect(linkDiscovery(to), to).toBe("none");
  });
});
