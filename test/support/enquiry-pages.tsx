/**
 * Component-test helpers for the three enquiry pages (tests only): render a
 * page through the real router on the server side's terms (loader, action),
 * with the island's notification region, and the hooks every such test file
 * needs. The form's island posts with fetch to `<path>.data`
 * (app/features/enquiries/form/use-enquiry.ts): here fetch calls the route's action
 * and answers as React Router's single fetch does (a turbo-stream body,
 * `encodeActionData`).
 *
 * demoPage and advisoryPage are those two pages' enquiryPage, filled in as
 * their route tests and app/routes/enquiry-refusals.test.tsx need them.
 */
import { act, render, screen, waitFor, type ByRoleOptions } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType, ReactNode } from "react";
import { createRoutesStub, Outlet, type LoaderFunction } from "react-router";
import { afterEach, beforeAll, beforeEach, expect, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import type { EnquiryResult } from "~/features/enquiries/form/types";
import * as advisoryRoute from "~/routes/advisory/route";
import * as demoRoute from "~/routes/demo/route";
import { rootDatedData } from "./dated-root";
import { contextWith, fakeEnquiryService } from "./enquiry-actions";

export type StubAction = (args: { request: Request }) => unknown;
type Service = ReturnType<typeof fakeEnquiryService>["service"];

/** Component tests with the real router and user-event are slow on small machines. */
export const slowTests = { timeout: 30_000 };

/**
 * jsdom lacks scrollIntoView; the actions log info/warn lines the tests need
 * not print. Answers `slowTests`, for the file's describe blocks.
 */
export function setUpEnquiryPageTests() {
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });
  beforeEach(() => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return slowTests;
}

type PageOptions = Parameters<typeof renderEnquiryPage>[0];

type User = ReturnType<typeof userEvent.setup>;

/**
 * One page's renderEnquiryPage: `page` with a test's options (stubAction,
 * service, url) on top. `form` is what a visitor fills in (fillIn's labels
 * and values) and the name of the button that sends it; the function has
 * `fill(user)`, `send(options?)` (renders, fills in and presses the button;
 * answers { user }) and `sendHeld(options?)` (the same with an action that
 * answers only when told: answers `finish(result)`, which lets it answer
 * `result`).
 */
export function enquiryPage({
  form,
  ...page
}: PageOptions & { form: { values: Record<string, string>; submit: string } }) {
  const show = (options: Partial<PageOptions> = {}) => renderEnquiryPage({ ...page, ...options });
  const fill = (user: User) => fillIn(user, form.values);
  const send = async (options: Partial<PageOptions> = {}) => {
    const { user } = await show(options);
    await fill(user);
    await user.click(screen.getByRole("button", { name: form.submit }));
    return { user };
  };
  const sendHeld = async (options: Partial<PageOptions> = {}) => {
    let answer!: (value: EnquiryResult) => void;
    await send({ ...options, stubAction: () => new Promise<EnquiryResult>((resolve) => (answer = resolve)) });
    return (result: EnquiryResult) => act(async () => answer(result));
  };
  return Object.assign(show, { fill, send, sendHeld });
}

/** Types into each text field, or picks the option of each select, found by its label: { "Full Name": "Ama" }. */
export async function fillIn(user: User, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const select = screen.queryByRole("combobox", { name });
    if (select) await user.selectOptions(select, value);
    else await user.type(screen.getByRole("textbox", { name }), value);
  }
}

export async function renderEnquiryPage({
  path,
  url = path,
  route: { default: Component, loader, action },
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
  /** The route module: its page component (it takes the route's generated props), loader and action. */
  route: { default: ComponentType<never>; loader: LoaderFunction; action: unknown };
  stubAction?: StubAction;
  service?: Service;
  /** The heading that shows the page has rendered with its loader data. */
  ready: ByRoleOptions;
  /** Rendered above the page (e.g. test links). */
  before?: ReactNode;
  extraRoutes?: { path: string; Component: ComponentType }[];
}) {
  const context = contextWith(service, { minFillMs: 0 });
  const routeAction = (stubAction ?? action) as (args: {
    request: Request;
    context: unknown;
    params: object;
  }) => unknown;
  // The island lives at the page's address: its links and history work on window.location.
  window.history.replaceState(null, "", url);
  vi.stubGlobal("fetch", async (input: string, init: RequestInit) => {
    if (input !== `${path}.data` || init.method !== "POST") throw new Error(`unexpected fetch ${input}`);
    const request = new Request(`http://localhost${path}`, init);
    const answer = await routeAction({ request, context, params: {} });
    const value = isDataWithInit(answer) ? answer.data : answer;
    const status = isDataWithInit(answer) ? (answer.init?.status ?? 200) : 200;
    return new Response(encodeActionData(value), { status, headers: { "X-Remix-Response": "yes" } });
  });
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
            <Toaster />
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
    context,
  );
  const user = userEvent.setup({ delay: null });
  render(<Stub initialEntries={[url]} />);
  // The first render waits for the loader (and, in the first test, for modules to load).
  await screen.findByRole("heading", ready, { timeout: 5000 });
  return { user };
}

function isDataWithInit(value: unknown): value is { data: unknown; init?: { status?: number } } {
  return !!value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * An action's plain data as React Router's single fetch sends it: turbo-stream,
 * every value once in a flat array, objects as `{"_<key index>": <value index>}`
 * (the format app/platform/action-result.ts reads).
 */
export function encodeActionData(data: unknown): string {
  const values: unknown[] = [];
  const add = (value: unknown): number => {
    if (value === undefined) return -7;
    if (value === null) return -5;
    const index = values.length;
    values.push(null);
    if (Array.isArray(value)) values[index] = value.map(add);
    else if (typeof value === "object") {
      const object: Record<string, number> = {};
      for (const [key, item] of Object.entries(value)) object[`_${add(key)}`] = add(item);
      values[index] = object;
    } else values[index] = value;
    return index;
  };
  add({ data });
  return `${JSON.stringify(values)}\n`;
}

/**
 * Sends `page`'s form with an action that answers only when told (its
 * `sendHeld`): meanwhile the button says `pending` and is disabled; once the
 * action answers `result`, the heading `success` shows and takes focus.
 * Returns that heading.
 */
export async function expectHeldSendSucceeds(
  page: { sendHeld: () => Promise<(result: EnquiryResult) => Promise<unknown>> },
  { pending, result, success }: { pending: string; result: EnquiryResult; success: string },
) {
  const finish = await page.sendHeld();
  expect(await screen.findByRole("button", { name: pending })).toBeDisabled();
  await finish(result);
  const heading = await screen.findByRole("heading", { name: success });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  return heading;
}

/**
 * A refused form says the same in its toast and on the page: the newest
 * toast is destructive, with `toastTitle` and `description`, and the page's
 * message (the alert, or the error summary) has `title` and the same
 * `description`. Returns the page's message.
 */
export async function expectRefusal({
  toastTitle,
  title,
  description,
}: {
  toastTitle: string;
  title: string;
  description: string;
}) {
  // The newest toast (Sonner's front one; those of earlier tests in the file may linger behind it).
  await waitFor(() => {
    const toast = document.querySelector<HTMLElement>('[data-sonner-toast][data-front="true"]');
    expect({
      type: toast?.dataset.type,
      title: toast?.querySelector("[data-title]")?.textContent,
      description: toast?.querySelector("[data-description]")?.textContent,
    }).toEqual({ type: "error", title: toastTitle, description });
  });
  const messages = document.querySelectorAll<HTMLElement>('[data-slot="form-alert"], [data-slot="error-summary"]');
  expect(messages).toHaveLength(1);
  const message = messages[0]!;
  expect(message.querySelector('[data-slot="form-alert-title"], h2')?.textContent).toBe(title);
  expect(
    message.querySelector('[data-slot="form-alert-description"], [data-slot="error-summary-description"]')?.textContent,
  ).toBe(description);
  return message;
}

/** The demo page, filled in by a government official (the required fields). */
export const demoPage = enquiryPage({
  path: "/demo",
  route: demoRoute,
  ready: { name: "Request Your Demo" },
  form: {
    values: {
      "Full Name": "Kwame Asante",
      "Organization / Institution": "Ghana Health Service",
      "Email Address": "kwame@example.org",
      Role: "government",
    },
    submit: "Request Demo",
  },
});

/** The advisory page, filled in by a policy maker in Nigeria (every field is required). */
export const advisoryPage = enquiryPage({
  path: "/advisory",
  route: advisoryRoute,
  ready: { level: 1, name: "Join the Health Advisory Network" },
  form: {
    values: {
      "Full Name": "Ngozi Adeyemi",
      "Email Address": "ngozi@example.ng",
      Role: "policy",
      Country: "Nigeria",
      "Why do you want to join?": "Better antenatal data.",
    },
    submit: "Join Network",
  },
});
