import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { rawRequest, serveOnLoopback } from "../test/support/raw-http";
import { formPostsOnly } from "./app";

/**
 * The console's actions read a form: formPostsOnly answers any other body
 * posted to a console path with 415 before an action can throw on it; the
 * public forms' paths are left to their actions (they answer such a body as
 * they answer a bot).
 */
let base = "";
let close = () => {};
beforeAll(async () => {
  const app = express();
  app.use(formPostsOnly((path) => path.startsWith("/staff")));
  app.all("/{*path}", (_req, res) => void res.type("text/plain").send("reached the action"));
  ({ base, close } = await serveOnLoopback(app));
});
afterAll(() => close());

const post = (path: string, type: string | undefined, body: string | undefined) =>
  rawRequest(base, { method: "POST", path, headers: type ? { "Content-Type": type } : {}, body });

test.each([
  ["text/plain", "intent=handled"],
  ["application/json", '{"intent":"handled"}'],
  [undefined, "intent=handled"],
  [undefined, undefined],
])("a console post of %s (%s) is refused with 415", async (type, body) => {
  const refused = await post("/staff/account", type, body);
  expect(refused.status).toBe(415);
  expect(refused.body).toBe("Send the console's forms as forms.");
});

test.each([
  ["/staff/account", "application/x-www-form-urlencoded", "intent=handled"],
  ["/staff/account", "application/x-www-form-urlencoded; charset=UTF-8", "intent=handled"],
  ["/staff/account", "multipart/form-data; boundary=x", "--x--\r\n"],
  ["/contact", "text/plain", "name=Ama"],
])("%s with %s reaches its action", async (path, type, body) => {
  const reached = await post(path, type, body);
  expect(reached.status).toBe(200);
  expect(reached.body).toBe("reached the action");
});
