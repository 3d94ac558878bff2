import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Services } from "~/site.server";
import type { Store } from "~/platform/db/db.server";
import {
  AuthenticatorApp,
  Browser,
  codeSignIn,
  pendingSecondStep,
  requestedCode,
  STAFF_MEMBER,
  staffConsoles,
  twoFactorRow,
} from "../../../test/support/staff-auth";
import { passkeySignIn, registerPasskey, softwarePasskey } from "../../../test/support/passkeys";
import { staffPasskeys, staffUsers } from "./tables.server";

/**
 * Enrolling with a passkey (./passkey-enrolment.server.ts; ADR 020), on both
 * engines: a member's first passkey enrols them the moment it is registered,
 * so an e-mail code alone (whoever reads the mailbox) cannot finish an
 * enrolment the member left, add a passkey of its own or set up an app; only
 * the session that registered the passkey finishes. Members left with a
 * passkey and no enrolment by older code are enrolled by migration 0018.
 */
const MEMBER = STAFF_MEMBER;

describe.each(staffConsoles())("enrolling with a passkey on $name", ({ start }) => {
  /** Where an e-mail code for MEMBER leads a new browser: "enrol" (a setup-only session) or "second-step". */
  async function codeLeadsTo(console: Services, store: Store, browser = new Browser()) {
    const code = await requestedCode(console, store, MEMBER, browser);
    const result = await console.auth.signInWithCode(browser.request(), MEMBER, code);
    if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
    browser.take(result.headers);
    return result.next;
  }
  const enrolled = async (store: Store, id: string) =>
    (await store.db.select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!.twoFactorEnabled;

  test("a passkey registered and never finished: the mailbox alone cannot finish it, add a passkey or set up an app; the member's own session can", async () => {
    const { console, store, member } = await start();
    const mine = (await codeSignIn(console, store, MEMBER)).browser;
    // Someone else who read the same mailbox, signed in before the member registered.
    const earlier = (await codeSignIn(console, store, MEMBER)).browser;
    const { response } = await registerPasskey(console, mine);
    expect(response.status).toBe(200);
    expect(await enrolled(store, member.id)).toBe(true);

    // The earlier session is over: nothing to finish, register or set up.
    expect(await console.auth.session(earlier.request())).toBeNull();
    await expect(console.auth.enrolWithPasskey(earlier.request())).rejects.toMatchObject({ status: 401 });
    expect((await registerPasskey(console, earlier)).response.status).toBe(401);
    // A later e-mail code leads to the second step, never to a session.
    const later = new Browser();
    expect(await codeLeadsTo(console, store, later)).toBe("second-step");
    expect(await console.auth.session(later.request())).toBeNull();
    await expect(console.auth.startApp(later.request())).rejects.toMatchObject({ status: 401 });
    expect(await store.db.select().from(staffPasskeys).where(eq(staffPasskeys.userId, member.id))).toHaveLength(1);

    // The session that registered the passkey finishes: recovery codes and a new, full session.
    expect((await console.auth.session(mine.request()))?.assurance).toBe("setup-only");
    const finished = (await console.auth.enrolWithPasskey(mine.request()))!;
    expect(finished.recoveryCodes).toHaveLength(10);
    mine.take(finished.headers);
    expect((await console.auth.session(mine.request()))?.assurance).toBe("full");
    // Once only.
    expect(await console.auth.enrolWithPasskey(mine.request())).toBeNull();
  });

  test("two finishes at once from the registering session: one set of recovery codes, the other finds nothing", async () => {
    const { console, store } = await start();
    const mine = (await codeSignIn(console, store, MEMBER)).browser;
    expect((await registerPasskey(console, mine)).response.status).toBe(200);
    const finish = () => console.auth.enrolWithPasskey(mine.request()).catch((thrown: Response) => thrown.status);
    const finishes = await Promise.all([finish(), finish()]);
    expect(finishes.filter((result) => typeof result === "object" && result !== null)).toHaveLength(1);
    // The other waited its turn and found the row used (null), or came after the session was replaced (401).
    expect(finishes.filter((result) => result === null || result === 401)).toHaveLength(1);
  });

  test("a member whose enrolment stopped after the passkey signs in with it at the second step, then makes recovery codes", async () => {
    const { console, store } = await start();
    const left = (await codeSignIn(console, store, MEMBER)).browser;
    const { passkey } = await registerPasskey(console, left);
    // The tab closed: the next day's e-mail code asks for the second step.
    expect(await codeLeadsTo(console, store)).toBe("second-step");
    const byPasskey = new Browser();
    await passkeySignIn(console, byPasskey, passkey);
    expect((await console.auth.session(byPasskey.request()))?.assurance).toBe("full");
    const codes = await console.auth.newRecoveryCodes(byPasskey.request());
    expect(codes).toHaveLength(10);
    // They work at the second step of an e-mail code.
    const next = await pendingSecondStep(console, store);
    expect((await console.auth.verifySecondStep(next.request(), "recovery", codes[0]!)).ok).toBe(true);
  });

  test("two sessions registering a first passkey at once: one wins, the other's passkey is not kept", async () => {
    const { console, store, member } = await start();
    const [one, two] = [
      (await codeSignIn(console, store, MEMBER)).browser,
      (await codeSignIn(console, store, MEMBER)).browser,
    ];
    const results = await Promise.all([registerPasskey(console, one), registerPasskey(console, two)]);
    const statuses = results.map((result) => result.response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The loser was refused by the registration guard (403) or, in a closer race, after registering (409).
    expect(statuses.filter((status) => status === 403 || status === 409 || status === 401)).toHaveLength(1);
    expect(await store.db.select().from(staffPasskeys).where(eq(staffPasskeys.userId, member.id))).toHaveLength(1);
    const winner = statuses[0] === 200 ? one : two;
    expect((await console.auth.enrolWithPasskey(winner.request()))?.recoveryCodes).toHaveLength(10);
  });

  test("an app confirmed and a passkey registered at once, from two browsers with the member's codes: one first factor is kept, and the other browser has nothing", async () => {
    const { console, store, member } = await start();
    const [one, two] = [
      (await codeSignIn(console, store, MEMBER)).browser,
      (await codeSignIn(console, store, MEMBER)).browser,
    ];
    const app = new AuthenticatorApp((await console.auth.startApp(two.request()))!.secret);
    const code = await app.code();
    const [registered, confirmed] = await Promise.all([
      registerPasskey(console, one),
      console.auth.confirmApp(two.request(), code).catch((thrown: unknown) => thrown),
    ]);
    const passkeys = await store.db.select().from(staffPasskeys).where(eq(staffPasskeys.userId, member.id));
    const appConfirmed = (await twoFactorRow(store, member.id)).verified === true;
    // Exactly one: the registration's passkey, or the confirmed app.
    expect(passkeys.length + (appConfirmed ? 1 : 0)).toBe(1);
    if (appConfirmed) {
      expect(registered.response.status).not.toBe(200);
      expect(confirmed).toMatchObject({ ok: true });
    } else {
      expect(registered.response.status).toBe(200);
      // Refused in its turn, or its session already ended by the passkey's enrolment.
      expect(confirmed instanceof Response ? confirmed.status : confirmed).toEqual(
        confirmed instanceof Response ? 401 : { ok: false, reason: "enrolled" },
      );
    }
    expect(await enrolled(store, member.id)).toBe(true);
  });

  test("migration 0018 enrols a member left with a passkey and no enrolment: an e-mail code then asks for the second step", async () => {
    const { console, store, member } = await start();
    // The state older code could leave (a passkey, not enrolled).
    const passkey = await softwarePasskey(store, member.id);
    // Control: before the migration, the e-mail code alone makes a session.
    expect(await codeLeadsTo(console, store)).toBe("enrol");

    const migration = readFileSync(
      path.join(import.meta.dirname, "../../platform/db/migrations/0018_passkey-holders-enrolled.sql"),
      "utf8",
    );
    await store.db.execute(sql.raw(migration));
    expect(await enrolled(store, member.id)).toBe(true);
    expect(await codeLeadsTo(console, store)).toBe("second-step");
    const byPasskey = new Browser();
    await passkeySignIn(console, byPasskey, passkey);
    expect(await console.auth.newRecoveryCodes(byPasskey.request())).toHaveLength(10);
  });
});
