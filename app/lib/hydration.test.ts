import { describe, expect, it } from "vitest";
import { hydratedPaths, pages } from "~/pages";
import { contentPage, isHydratedPath, linkDiscovery, pageHydrates } from "./hydration";

const routeModules = import.meta.glob<{ handle?: unknown }>(["../routes/*/route.tsx", "../routes/not-found.tsx"]);

describe("which pages hydrate", () => {
  it("the deepest route handle that says decides; a page hydrates unless one says not", () => {
    expect(pageHydrates([])).toBe(true);
    expect(pageHydrates([undefined, { title: "x" }])).toBe(true);
    expect(pageHydrates([undefined, contentPage])).toBe(false);
    expect(pageHydrates([contentPage, { hydrate: true }])).toBe(true);
    expect(pageHydrates([{ hydrate: true }, undefined])).toBe(true);
  });

  it("every content page's route module opts out; the enquiry pages and the 404 page are as listed", async () => {
    expect(hydratedPaths).toEqual(["/contact", "/demo", "/advisory"]);
    for (const page of pages) {
      const load = routeModules[`../${page.file}`];
      expect(load, page.file).toBeDefined();
      const module = await load!();
      const hydrated = (hydratedPaths as readonly string[]).includes(page.path);
      expect(pageHydrates([module.handle]), page.path).toBe(hydrated);
    }
    const notFound = await routeModules["../routes/not-found.tsx"]!();
    expect(pageHydrates([notFound.handle])).toBe(false);
  });

  it("knows the hydrated paths, so a hydrated page can follow other links as documents", () => {
    for (const path of ["/contact", "/demo/", "/advisory", "/staff", "/staff/enquiries/12"])
      expect(isHydratedPath(path), path).toBe(true);
    for (const path of ["/", "/about", "/team", "/staffing", "/no-such-page"])
      expect(isHydratedPath(path), path).toBe(false);
  });

  it("lets the router look ahead only for links to hydrated pages (a content page loads as a document)", () => {
    for (const to of ["/contact", "/demo?interest=pilot", "/advisory#form", "/staff/inbox"])
      expect(linkDiscovery(to), to).toBe("render");
    for (const to of ["/", "/about", "/team#leadership", "/investors?from=banner"])
      expect(linkDiscovery(to), to).toBe("none");
  });
});
