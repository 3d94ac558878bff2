/**
 * The communication endpoint (POST /functions/v1/azure-communication) in a
 * Vitest file: served on a loopback server of its own, and posted to as the
 * company's back-office services do, with the key as a bearer token.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express, { type Handler } from "express";
import { COMMUNICATION_PATH } from "~/features/communication-api/index.server";

/**
 * Serves `handler` (the endpoint's router, or a site's `communicationApi`) on
 * 127.0.0.1, with a plain 404 page behind it; answers the endpoint's URL and
 * how to stop the server.
 */
export async function serveCommunicationApi(handler: Handler): Promise<{ url: string; close(): void }> {
  const app = express();
  app.use(handler);
  app.use((_req, res) => void res.status(404).send("page 404"));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${COMMUNICATION_PATH}`,
    close: () => void server.close(),
  };
}

/** POSTs `body` (JSON, unless already a string) to the endpoint with `key` as the bearer; `headers` override. */
export function postToCommunicationApi(
  url: string,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}`, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The same POST, answering its status and its JSON body. */
export async function callCommunicationApi(url: string, key: string, body: unknown) {
  const res = await postToCommunicationApi(url, key, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
