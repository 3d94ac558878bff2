/**
 * Component-test helpers for the three enquiry pages (tests only): render a
 * page through the real router (the page renders its own Toaster), and the hooks every such
 * test file needs.
 */
import { render, screen, type ByRoleOptions } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType, ReactNode } from "react";
import { createRoutesStub, Outlet, type LoaderFunction } from "react-router";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { rootDatedData } from "./dated-root";
import { contextWith, fakeEnquiryService } from "./enquiry-actions";

export type StubAction = (args: { request: Request }) => unknown;
type Service = ReturnType<typeof fakeEnquiryService>["service"];

/** Component tests with the real router and user-event are slow on small machines. */
export const slowTests = { timeout: 30_000 };

/** jsdom lacks scrollIntoView; the actions log info/warn lines the tests need not print. */
export function setUpEnquiryPageTests() {
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });
  beforeEach(() => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());
}

export async function renderEnquiryPage({
  path,
  url = path,
  Component,
  loader,
  action,
  stubAction,
  service = fakeEnquiryService().service,
  ready,
  before,
  extraRoutes = [],
}: {
  /** The route path, e.g. "/demo". */
  path: string;
  /** The first URL to render (defaults to the path). */
  url?: string;
  /** The route module's page component (it takes the route's generated props). */
  Component: ComponentType<never>;
  loader: LoaderFunction;
  action: unknown;
  stubAction?: StubAction;
  service?: Service;
  /** The heading that shows the page has rendered with its loader data. */
  ready: ByRoleOptions;
  /** Rendered above the page (e.g. test links). */
  before?: ReactNode;
  extraRoutes?: { path: string; Component: ComponentType }[];
}) {
  const Stub = createRoutesStub(
    [
      {
        path: "/",
        // Stands in for the root route: its dated data, as on 1 June 2025.
        id: "root",
        loader: () => rootDatedData(),
        Component: () => (
          <>
            {before}
            <Outlet />
          </>
        ),
        children: [
          {
            path: path.slice(1),
            Component: Component as ComponentType,
            loader,
            action: (stubAction ?? action) as never,
          },
          ...extraRoutes.map((route) => ({ ...route, path: route.path.slice(1) })),
        ],
      },
    ],
    contextWith(service, { minFillMs: 0 }),
  );
  const user = userEvent.setup({ delay: null });
  render(<Stub initialEntries={[url]} />);
  // The first render waits for the loader (and, in the first test, for modules to load).
  await screen.findByRole("heading", ready, { timeout: 5000 });
  return { user };
}
