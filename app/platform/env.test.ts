import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FILE_SECRETS } from "./env-files.server";
import { parseEnv } from "./env.server";
import { EnvError } from "./env-values.server";

/** Settings that are security limits are bounded where the environment is parsed, so no deployment can loosen them. */
describe("the environment's security bounds", () => {
  it("an e-mailed sign-in code lives 10 minutes at most (ASVS 6.5.5): STAFF_CODE_TTL_SECONDS over 600 stops start-up", () => {
    expect(parseEnv({}).STAFF_CODE_TTL_SECONDS).toBe(600);
    expect(parseEnv({ STAFF_CODE_TTL_SECONDS: "600" }).STAFF_CODE_TTL_SECONDS).toBe(600);
    expect(parseEnv({ STAFF_CODE_TTL_SECONDS: "120" }).STAFF_CODE_TTL_SECONDS).toBe(120);
    expect(() => parseEnv({ STAFF_CODE_TTL_SECONDS: "601" })).toThrow(EnvError);
    expect(() => parseEnv({ STAFF_CODE_TTL_SECONDS: "601" })).toThrow(/STAFF_CODE_TTL_SECONDS/);
  });
});

/** The integrations' settings are checked with the rest of the environment, naming the entry that is wrong. */
describe("settings that hold lists of addresses or hosts", () => {
  it('WEBHOOK_ALLOW_ADDRESSES takes addresses and CIDR ranges; INTEGRATION_HOSTS host names and "*." and one', () => {
    expect(parseEnv({ WEBHOOK_ALLOW_ADDRESSES: "127.0.0.1, ::1/128 10.1.0.0/16" }).WEBHOOK_ALLOW_ADDRESSES).toBe(
      "127.0.0.1, ::1/128 10.1.0.0/16",
    );
    expect(parseEnv({ INTEGRATION_HOSTS: "hooks.slack.com, *.webhook.office.com receiver" }).INTEGRATION_HOSTS).toBe(
      "hooks.slack.com, *.webhook.office.com receiver",
    );
    expect(() => parseEnv({ WEBHOOK_ALLOW_ADDRESSES: "127.0.0.1, 10.0.0.0/33" })).toThrow(
      'WEBHOOK_ALLOW_ADDRESSES: "10.0.0.0/33" is not an IP address or CIDR range',
    );
    expect(() => parseEnv({ INTEGRATION_HOSTS: "hooks.slack.com, https://hooks.slack.com" })).toThrow(
      'INTEGRATION_HOSTS: "https://hooks.slack.com" is not a host name',
    );
  });
});

/** Addresses are addresses: a typo stops the start naming the setting, instead of an admin who never arrives or mail that fails later. */
describe("settings that hold e-mail addresses", () => {
  it("STAFF_ADMIN_EMAILS holds addresses (kept in lower case); MAIL_FROM an address, or a name and an address", () => {
    expect(parseEnv({ STAFF_ADMIN_EMAILS: "Admin@Maternis.test, ops@maternis.test" }).STAFF_ADMIN_EMAILS).toEqual([
      "admin@maternis.test",
      "ops@maternis.test",
    ]);
    expect(parseEnv({}).STAFF_ADMIN_EMAILS).toEqual([]);
    for (const from of [
      "Maternis <no-reply@maternis.health>",
      "no-reply@maternis.health",
      "Maternis Health <a@b.co>",
    ]) {
      expect(parseEnv({ MAIL_FROM: from }).MAIL_FROM, from).toBe(from);
    }
    expect(() => parseEnv({ STAFF_ADMIN_EMAILS: "admin@maternis.test, admin" })).toThrow(
      /STAFF_ADMIN_EMAILS\.1: must be e-mail addresses, separated by commas/,
    );
    for (const from of ["Maternis", "Maternis <no-reply>", "no-reply@maternis.health>", "<a@b.co"]) {
      expect(() => parseEnv({ MAIL_FROM: from }), from).toThrow(
        /MAIL_FROM: must be an address, or a name and an address/,
      );
    }
  });
});

/** A bearer key being rotated: the previous one is accepted beside the new one until it is removed (docs/operations.md). */
describe("previous bearer keys", () => {
  const NEW = "the-new-key-0123456789abcdefgh";
  const OLD = "the-old-key-0123456789abcdefgh";

  it("METRICS_TOKEN_PREVIOUS and COMMUNICATION_API_KEY_PREVIOUS are read beside their new key, and are as long", () => {
    for (const name of ["METRICS_TOKEN", "COMMUNICATION_API_KEY"] as const) {
      const env = parseEnv({ [name]: NEW, [`${name}_PREVIOUS`]: OLD });
      expect(env[name]).toBe(NEW);
      expect(env[`${name}_PREVIOUS`]).toBe(OLD);
      expect(() => parseEnv({ [name]: NEW, [`${name}_PREVIOUS`]: "short" })).toThrow(
        `${name}_PREVIOUS: must be at least 24 characters`,
      );
    }
  });

  it("alone, or the same as the new key, it stops start-up naming it, never the key", () => {
    for (const name of ["METRICS_TOKEN", "COMMUNICATION_API_KEY"] as const) {
      expect(() => parseEnv({ [`${name}_PREVIOUS`]: OLD })).toThrow(
        `${name}_PREVIOUS: set only beside ${name}, the new key`,
      );
      expect(() => parseEnv({ [name]: NEW, [`${name}_PREVIOUS`]: NEW })).toThrow(
        `${name}_PREVIOUS: must differ from ${name}`,
      );
      expect(() => parseEnv({ [name]: NEW, [`${name}_PREVIOUS`]: NEW })).not.toThrow(NEW);
    }
  });
});

/** Credentials read from files a secrets manager mounts (ASVS 13.3.1; docs/configuration.md "Secrets from files"). */
describe("secrets from files", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  /** A file holding `text`, in a folder of its own. */
  const secretFile = (text: string) => {
    const folder = mkdtempSync(path.join(tmpdir(), "maternis-secret-"));
    folders.push(folder);
    const file = path.join(folder, "secret");
    writeFileSync(file, text, { mode: 0o600 });
    return file;
  };
  const DATABASE = "postgres://maternis:s3cret-password@db.internal:5432/maternis";
  const TOKEN = "metrics-token-0123456789abcdef";

  it("each credential comes from NAME_FILE as written, its last line break dropped, and is checked as if set directly", () => {
    const env = parseEnv({
      DATABASE_URL_FILE: secretFile(`${DATABASE}\n`),
      METRICS_TOKEN_FILE: secretFile(`${TOKEN}\r\n`),
    });
    expect(env.DATABASE_URL).toBe(DATABASE);
    expect(env.METRICS_TOKEN).toBe(TOKEN);
    expect(env).not.toHaveProperty("DATABASE_URL_FILE");
    // Positive control: the same values given directly parse the same.
    expect(parseEnv({ DATABASE_URL: DATABASE, METRICS_TOKEN: TOKEN })).toMatchObject({
      DATABASE_URL: DATABASE,
      METRICS_TOKEN: TOKEN,
    });
    // A file's value meets the same rules: a short token is refused.
    expect(() => parseEnv({ METRICS_TOKEN_FILE: secretFile("short\n") })).toThrow(
      /METRICS_TOKEN: must be at least 24 characters/,
    );
  });

  it('every credential docs/configuration.md names under "Secrets from files" is read from its file', () => {
    const doc = readFileSync(path.join(import.meta.dirname, "../../docs/configuration.md"), "utf8");
    const section = doc.slice(doc.indexOf("## Secrets from files"));
    const documented = section.slice(0, section.indexOf("may each come from a file")).match(/`[A-Z_]+`/g);
    expect(documented?.map((name) => name.slice(1, -1))).toEqual([...FILE_SECRETS]);
    const values: Record<(typeof FILE_SECRETS)[number], string> = {
      DATABASE_URL: DATABASE,
      SMTP_URL: "smtp://user:password@smtp.example.org:587",
      ACS_CONNECTION_STRING: "endpoint=https://example.communication.azure.com/;accesskey=a2V5",
      METRICS_TOKEN: TOKEN,
      METRICS_TOKEN_PREVIOUS: "metrics-previous-0123456789abcdef",
      COMMUNICATION_API_KEY: "communication-key-0123456789abcdef",
      COMMUNICATION_API_KEY_PREVIOUS: "communication-previous-0123456789ab",
    };
    for (const name of FILE_SECRETS) {
      // A previous key is read only beside the key that replaces it.
      const beside = name.endsWith("_PREVIOUS")
        ? { [name.replace(/_PREVIOUS$/, "")]: values.COMMUNICATION_API_KEY }
        : {};
      expect(parseEnv({ ...beside, [`${name}_FILE`]: secretFile(`${values[name]}\n`) })[name], name).toBe(values[name]);
    }
  });

  it("both the variable and its file, or a file that cannot be read, stop start-up naming them, never what a file holds", () => {
    const file = secretFile(`${DATABASE}\n`);
    expect(() => parseEnv({ DATABASE_URL: DATABASE, DATABASE_URL_FILE: file })).toThrow(
      "DATABASE_URL: set DATABASE_URL or DATABASE_URL_FILE, not both",
    );
    const missing = path.join(path.dirname(file), "nothing-here");
    const error = (() => {
      try {
        parseEnv({ SMTP_URL_FILE: missing });
      } catch (thrown) {
        return thrown as Error;
      }
      throw new Error("parsed");
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect(error.message).toContain(`SMTP_URL_FILE: cannot read ${missing} (ENOENT)`);
    // A folder is not a file either.
    const folder = path.dirname(file);
    expect(() => parseEnv({ COMMUNICATION_API_KEY_FILE: folder })).toThrow(/COMMUNICATION_API_KEY_FILE: cannot read/);
    // A file whose value breaks the rules: the rule is named, the value is not.
    const refused = (() => {
      try {
        parseEnv({ METRICS_TOKEN_FILE: secretFile("short-s3cret\n") });
      } catch (thrown) {
        return (thrown as Error).message;
      }
      throw new Error("parsed");
    })();
    expect(refused).toContain("METRICS_TOKEN: must be at least 24 characters");
    expect(refused).not.toContain("s3cret");
  });
});
