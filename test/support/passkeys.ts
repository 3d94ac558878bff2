/**
 * Passkeys for the sign-in tests, as a software authenticator makes them: a
 * key stored for a member (softwarePasskey), the response a browser sends to
 * register a new one (registrationResponse), a registration through the
 * console's handler (registerPasskey, with passkeyCall for one endpoint), and
 * a sign-in with one (passkeySignIn), through better-auth's own endpoints. Test equipment (an
 * authenticator's side of WebAuthn, with node:crypto's ECDSA); the server
 * verifies with better-auth.
 */
import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from "node:crypto";
import { expect } from "vitest";
import type { Store } from "../../app/platform/db/db.server";
import type { Services } from "~/site.server";
import { staffPasskeys } from "../../app/features/sign-in/tables.server";
import { TEST_SITE, type Browser } from "./staff-auth";

const b64url = (bytes: Buffer) => bytes.toString("base64url");

/** A P-256 public key as a COSE_Key (RFC 9053) in CBOR: {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  return Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    Buffer.from(jwk.x!, "base64url"),
    Buffer.from([0x22, 0x58, 0x20]),
    Buffer.from(jwk.y!, "base64url"),
  ]);
}

type KeyOptions = { rpId?: string; origin?: string; userVerified?: boolean };

/**
 * A software authenticator's key (P-256): what a browser sends to register it
 * (`registration`: a "none" attestation, user present and verified, for the
 * options' challenge) and to sign in with it (`assert`: user present and,
 * unless `userVerified` is false, verified).
 */
function softwareKey({ rpId = new URL(TEST_SITE).hostname, origin = TEST_SITE, userVerified = true }: KeyOptions = {}) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(16);
  const rpIdHash = createHash("sha256").update(rpId).digest();
  let counter = 0;
  /** The PublicKeyCredential a browser sends, around its `response`. */
  const credential = (response: Record<string, unknown>) => ({
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: "public-key",
    authenticatorAttachment: "platform",
    clientExtensionResults: {},
    response,
  });
  return {
    credentialId: b64url(credentialId),
    cose: coseKey(publicKey),
    registration(challenge: string) {
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([0x45]), // user present, user verified, attested credential data
        Buffer.alloc(4), // sign count
        Buffer.alloc(16), // AAGUID
        Buffer.from([0, credentialId.length]),
        credentialId,
        coseKey(publicKey),
      ]);
      // {"fmt": "none", "attStmt": {}, "authData": bytes} in CBOR.
      const text = (value: string) => Buffer.concat([Buffer.from([0x60 + value.length]), Buffer.from(value)]);
      const attestation = Buffer.concat([
        Buffer.from([0xa3]),
        text("fmt"),
        text("none"),
        text("attStmt"),
        Buffer.from([0xa0]),
        text("authData"),
        Buffer.from([0x58, authData.length]),
        authData,
      ]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: "webauthn.create", challenge, origin, crossOrigin: false }),
      );
      return credential({
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestation),
        transports: ["internal"],
      });
    },
    assert(challenge: string) {
      counter += 1;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      // User present (0x01) and, unless told otherwise, user verified (0x04: the device's PIN or biometric).
      const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([userVerified ? 0x05 : 0x01]), count]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: "webauthn.get", challenge, origin, crossOrigin: false }),
      );
      const signature = sign(
        "sha256",
        Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]),
        privateKey,
      );
      return credential({
        authenticatorData: b64url(authenticatorData),
        clientDataJSON: b64url(clientDataJSON),
        signature: b64url(signature),
      });
    },
  };
}

/** What a browser sends to verify-registration for a new passkey on a software authenticator. */
export function registrationResponse(challenge: string, options: KeyOptions = {}) {
  return softwareKey(options).registration(challenge);
}

export type SoftwarePasskey = { credentialId: string; assert(challenge: string): unknown };

/**
 * A passkey stored for a member directly (no ceremony): for the sign-in
 * tests of a member who is enrolled already. An unenrolled member with one
 * is the state that migration 0018 ends (ADR 020).
 */
export async function softwarePasskey(
  store: Store,
  userId: string,
  options: KeyOptions = {},
): Promise<SoftwarePasskey> {
  const key = softwareKey(options);
  await store.db.insert(staffPasskeys).values({
    id: randomUUID(),
    name: "Software key",
    publicKey: key.cose.toString("base64"),
    userId,
    credentialID: key.credentialId,
    counter: 0,
    deviceType: "singleDevice",
    backedUp: false,
    transports: "internal",
  });
  return key;
}

/** A call to one of better-auth's passkey endpoints through the console's handler, from `browser`. */
export function passkeyCall(console: Services, browser: Browser, path: string, body?: unknown) {
  const headers = browser.headers();
  headers.set("origin", browser.origin);
  if (body !== undefined) headers.set("content-type", "application/json");
  return console.auth.handler(
    new Request(`${browser.origin}/staff/auth/passkey/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/**
 * Registers a new software passkey from `browser`, as the console's script
 * does (options, then verify-registration): the last answer (the options'
 * when they were refused) and the passkey, for signing in with later.
 */
export async function registerPasskey(console: Services, browser: Browser, options: KeyOptions = {}) {
  const key = softwareKey(options);
  const started = await passkeyCall(console, browser, "generate-register-options");
  if (started.status !== 200) return { response: started, passkey: key };
  browser.take(started.headers);
  const { challenge } = (await started.json()) as { challenge: string };
  const response = await passkeyCall(console, browser, "verify-registration", {
    response: key.registration(challenge),
  });
  return { response, passkey: key as SoftwarePasskey };
}

/** A passkey sign-in through better-auth's endpoints, as the sign-in page's script does it. */
export async function passkeySignIn(console: Services, browser: Browser, passkey: SoftwarePasskey) {
  const options = await passkeyCall(console, browser, "generate-authenticate-options");
  expect(options.status).toBe(200);
  browser.take(options.headers);
  const { challenge } = (await options.json()) as { challenge: string };
  const verified = await passkeyCall(console, browser, "verify-authentication", {
    response: passkey.assert(challenge),
  });
  if (verified.status !== 200) throw new Error(`passkey sign-in failed: ${verified.status} ${await verified.text()}`);
  browser.take(verified.headers);
  return verified;
}
