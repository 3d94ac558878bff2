import { RouterContextProvider, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { expect, test, vi } from "vitest";
import { appContext, handleError } from "./entry.server";
import { createMemoryLogger } from "~/platform/log.server";
import type { AppContext } from "./context.server";

/** An error a loader or action throws is written by the one logger, by its path only; an aborted request is not. */
test("handleError logs through the app's logger, without the query string, and skips aborted requests and 4xx answers", () => {
  const log = createMemoryLogger();
  const context = new RouterContextProvider();
  context.set(appContext, { log } as unknown as AppContext);
  const printed = vi.spyOn(console, "error").mockImplementation(() => {});

  handleError(new TypeError("not a form"), {
    request: new Request("http://localhost/staff/account?email=ama%40example.org"),
    context,
    params: {},
  });
  expect(log.entries).toHaveLength(1);
  expect(log.entries[0]).toMatchObject({ level: "error", msg: "request failed", path: "/staff/account" });
  expect(JSON.stringify(log.entries)).not.toContain("ama");

  const aborted = new AbortController();
  aborted.abort();
  handleError(new Error("the browser went away"), {
    request: new Request("http://localhost/staff", { signal: aborted.signal }),
    context,
    params: {},
  });
  // Nor the router's own answer to a wrong request (a post to a page without an action).
  handleError(new ErrorResponseImpl(405, "Method Not Allowed", null), {
    request: new Request("http://localhost/about", { method: "POST" }),
    context,
    params: {},
  });
  // The control above was logged; these are not, and nothing reached the console either.
  expect(log.entries).toHaveLength(1);
  expect(printed).not.toHaveBeenCalled();
  printed.mockRestore();
});
