import { describe, expect, test } from "vitest";
import { DatabaseLockedError } from "~/platform/db/db.server";
import { TransportConfigError } from "~/platform/mail/transport.server";
import { describeStartupError } from "./startup-errors";

const env = { PORT: 3000, HOST: "0.0.0.0", DATA_DIR: "./data" };
const pgEnv = { ...env, DATABASE_URL: "postgres://maternis:s3cret@db.internal:6543/site" };
const systemError = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`${code} something`), { code, ...extra });

describe("start-up failures name the setting to change", () => {
  test("a port in use, or not allowed, or a HOST that is not this machine's", () => {
    expect(describeStartupError(systemError("EADDRINUSE", { syscall: "listen" }), env)).toMatch(
      /^Port 3000 on 0\.0\.0\.0 is already in use .* set PORT/,
    );
    expect(describeStartupError(systemError("EACCES", { syscall: "listen" }), env)).toMatch(/set PORT/);
    expect(describeStartupError(systemError("EADDRNOTAVAIL", { syscall: "listen" }), env)).toMatch(/HOST=0\.0\.0\.0/);
    // A HOST that is a name no resolver knows; the same code for DATABASE_URL's host stays the database's (below).
    const unknownHost = { ...pgEnv, HOST: "not.a.host" };
    const lookup = (hostname: string) => systemError("ENOTFOUND", { syscall: "getaddrinfo", hostname });
    expect(describeStartupError(lookup("not.a.host"), unknownHost)).toBe(
      "HOST=not.a.host cannot be found: set HOST to one of this machine's addresses, or 0.0.0.0.",
    );
    expect(describeStartupError(lookup("db.internal"), unknownHost)).toMatch(/^The host of DATABASE_URL/);
  });

  test("PostgreSQL unreachable, refusing, unknown host, wrong password, missing database: DATABASE_URL, never the password", () => {
    const cases: [Error, RegExp][] = [
      [systemError("ECONNREFUSED"), /refused the connection/],
      [systemError("ENOTFOUND"), /cannot be found/],
      [systemError("ETIMEDOUT"), /cannot be reached/],
      [
        Object.assign(new Error('password authentication failed for user "maternis"'), { code: "28P01" }),
        /user name or password/,
      ],
      [Object.assign(new Error('database "site" does not exist'), { code: "3D000" }), /does not exist/],
      [new Error("timeout exceeded when trying to connect"), /did not answer/],
    ];
    for (const [error, expected] of cases) {
      const line = describeStartupError(error, pgEnv)!;
      expect(line).toMatch(expected);
      expect(line).toContain("DATABASE_URL");
      expect(line).toContain("db.internal:6543/site");
      expect(line).not.toContain("s3cret");
    }
  });

  test("a locked embedded database, or a DATA_DIR that cannot be written: DATA_DIR", () => {
    const locked = new DatabaseLockedError("The embedded database in /srv/data/db is in use by process 4242.");
    expect(describeStartupError(locked, env)).toMatch(/in use by process 4242.*DATA_DIR=\.\/data/);
    for (const code of ["EACCES", "EROFS", "ENOTDIR", "ENOSPC"]) {
      expect(describeStartupError(systemError(code, { path: "./data/form-secret" }), env)).toMatch(
        /^DATA_DIR=\.\/data cannot be used .*set DATA_DIR/,
      );
    }
  });

  test("a transport without its settings says which; anything else is not guessed at", () => {
    expect(describeStartupError(new TransportConfigError("MAIL_TRANSPORT=smtp needs SMTP_URL"), env)).toBe(
      "MAIL_TRANSPORT=smtp needs SMTP_URL",
    );
    expect(describeStartupError(new TypeError("x is not a function"), env)).toBeUndefined();
    expect(describeStartupError(systemError("ECONNREFUSED"), env)).toBeUndefined();
  });
});
