/**
 * The ACS transports themselves, through the official SDKs
 * (@azure/communication-email, @azure/communication-sms; nothing of them is
 * mocked) against a contract server that speaks the service's REST protocol
 * on loopback over HTTPS and verifies every request's HMAC signature
 * (test/support/acs.ts): the signature the server checks, each e-mail sent
 * once however often it is retried, and the settings refused at start-up.
 * Enquiries and the communication endpoint through them: ./acs-enquiries.test.ts
 * and ./acs-communication-api.test.ts.
 */
import { request as httpsRequest } from "node:https";
import { describe, expect, test } from "vitest";
import { testEnv } from "../../../test/support/pglite";
import { acsPerFile } from "../../../test/support/acs-site";
import { TransportConfigError, acsOperationId, createMailTransport, createSmsTransport } from "./transport.server";

const { acs, log, trust, acsEnv } = acsPerFile();

/** A request with no signature, trusting the server's certificate. */
function rawPost(pathAndQuery: string, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpsRequest(
      new URL(`${acs.endpoint.replace(/\/$/, "")}${pathAndQuery}`),
      { method: "POST", ca: acs.ca },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("the ACS contract server", () => {
  test("refuses a request without a valid signature with 401, and one signed with another key", async () => {
    const unsigned = await rawPost("/emails:send?api-version=2025-09-01", "{}");
    expect(unsigned.status).toBe(401);
    expect(JSON.parse(unsigned.body)).toMatchObject({ error: { code: "Denied" } });

    const wrongKey = createMailTransport(
      acsEnv({ ACS_CONNECTION_STRING: acs.connectionStringWithKey(Buffer.alloc(64, 7).toString("base64")) }),
      log,
      trust(),
    );
    await expect(wrongKey.sendEmail({ to: ["a@example.org"], subject: "Hi", text: "Hi" })).rejects.toThrow(
      /ACS_CONNECTION_STRING/,
    );
    expect(acs.requests).toContainEqual(expect.objectContaining({ route: "email-send", verified: false, status: 401 }));
    expect(acs.emails).toHaveLength(0);

    // Positive control: the right key passes the same check.
    const right = createMailTransport(acsEnv(), log, trust());
    await right.sendEmail({ to: ["a@example.org"], subject: "Hi", text: "Hi" });
    expect(acs.emails).toHaveLength(1);
    expect(acs.requests.filter((r) => r.verified).map((r) => r.route)).toEqual([
      "email-send",
      "email-poll",
      "email-poll",
    ]);
  });
});

describe("each e-mail sent once", () => {
  const message = (messageId: string) => ({
    to: ["once@example.org"],
    subject: "Once",
    text: "Once",
    messageId,
  });

  test("a retry of an e-mail the service already sent sends nothing and answers its operation", async () => {
    const transport = createMailTransport(acsEnv(), log, trust());
    const first = await transport.sendEmail(message("<m1@maternis.test>"));
    expect(first.messageId).toBe(acsOperationId("<m1@maternis.test>", 0));
    const again = await transport.sendEmail(message("<m1@maternis.test>"));
    expect(again).toEqual(first);
    expect(acs.emails).toHaveLength(1);
    // Positive control: another Message-ID is another e-mail.
    await transport.sendEmail(message("<m2@maternis.test>"));
    expect(acs.emails.map((m) => m.headers["Message-ID"])).toEqual(["<m1@maternis.test>", "<m2@maternis.test>"]);
  });

  test("after a Failed operation the retry sends again, under the next operation id", async () => {
    const transport = createMailTransport(acsEnv(), log, trust());
    acs.settings.emailOutcome = () => ({ status: "Failed", error: { code: "Transient", message: "Try again" } });
    await expect(transport.sendEmail(message("<m3@maternis.test>"))).rejects.toThrow("Try again");
    acs.settings.emailOutcome = () => ({ status: "Succeeded" });
    const sent = await transport.sendEmail(message("<m3@maternis.test>"));
    expect(sent.messageId).toBe(acsOperationId("<m3@maternis.test>", 1));
    expect(acs.emails.map((m) => m.operationId)).toEqual([
      acsOperationId("<m3@maternis.test>", 0),
      acsOperationId("<m3@maternis.test>", 1),
    ]);
    // A third attempt finds the second one sent and sends nothing.
    expect(await transport.sendEmail(message("<m3@maternis.test>"))).toEqual(sent);
    expect(acs.emails).toHaveLength(2);
  });

  test("a status request that times out sends nothing; the next attempt sends", async () => {
    const transport = createMailTransport(acsEnv(), log, trust({ timeoutMs: 1_000 }));
    acs.fault("email-poll", "hang", 1, "unknown");
    await expect(transport.sendEmail(message("<m4@maternis.test>"))).rejects.toThrow(/did not answer within 1 s/);
    expect(acs.requests.filter((r) => r.route === "email-send")).toHaveLength(0);
    await transport.sendEmail(message("<m4@maternis.test>"));
    expect(acs.emails).toHaveLength(1);
  });
});

describe("ACS configuration at start-up", () => {
  test("a malformed ACS_CONNECTION_STRING or a missing SMS_FROM is one line naming the variable, never the key", () => {
    const secret = Buffer.alloc(48, 9).toString("base64");
    for (const value of [
      `endpoint=http://x.communication.azure.com/;accesskey=${secret}`,
      `accesskey=${secret}`,
      "endpoint=https://x/;accesskey=not base64!",
    ]) {
      const env = acsEnv({ ACS_CONNECTION_STRING: value });
      let error: unknown;
      try {
        createMailTransport(env, log);
      } catch (caught) {
        error = caught;
      }
      expect(error, value).toBeInstanceOf(TransportConfigError);
      expect((error as Error).message).toMatch(/^ACS_CONNECTION_STRING/);
      expect((error as Error).message).not.toContain(secret);
      expect((error as Error).message).not.toContain("\n");
    }
    expect(() =>
      createSmsTransport(testEnv({ SMS_TRANSPORT: "acs", ACS_CONNECTION_STRING: acs.connectionString }), log),
    ).toThrow(/^SMS_TRANSPORT=acs needs SMS_FROM/);
    // Positive control: the contract server's own connection string is accepted.
    expect(createMailTransport(acsEnv(), log).name).toBe("acs");
  });
});
