import { parseEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/log.server";
import { staffRoles, type StaffRole } from "~/features/console/types";
import { addedNameSchema } from "~/features/members";
import { isMemberAddress } from "~/features/sign-in/sign-in";
import { singleLine } from "~/platform/text";
import { openSite } from "~/site.server";
import { parseCommand, runCli } from "./run";

const usage = `Usage: npm run staff -- <command> [options]

Commands:
  list                List the members of staff, their roles and passkeys.
  add EMAIL [--name NAME] [--role admin|staff]
                      Add a member (default role staff) and e-mail them how
                      to sign in (a code to this address, at SITE_URL/staff).
  remove EMAIL        Remove a member; their sessions end at once.
  role EMAIL admin|staff
                      Change a member's role.

Uses DATABASE_URL, or the embedded database in DATA_DIR. The embedded
database can be open in only one process: stop the site first. On
PostgreSQL this works while the site runs.`;

const commands = ["list", "add", "remove", "role"];

function isRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

async function main(argv: string[]) {
  const parsed = parseCommand(argv, {
    usage,
    commands,
    options: { name: { type: "string" }, role: { type: "string" } },
  });
  if (parsed.exitCode !== undefined) return parsed.exitCode;
  const { command, values } = parsed;
  const [, email, extra] = parsed.positionals;
  if (command !== "list" && !(email && isMemberAddress(email))) {
    process.stderr.write(`${command} needs an e-mail address: npm run staff -- ${command} name@example.org\n`);
    return 2;
  }
  // What the console's Members page checks too: one line, at most 100 characters, no control characters.
  const name = addedNameSchema.safeParse(values.name ?? email?.split("@")[0] ?? "");
  if (command === "add" && !name.success) {
    process.stderr.write(`${name.error.issues[0]!.message}.\n`);
    return 2;
  }
  const role = command === "role" ? extra : (values.role ?? "staff");
  if (!isRole(role)) {
    process.stderr.write("The role must be admin or staff.\n");
    return 2;
  }

  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL, { process: "staff-cli" });
  const site = await openSite({ env, log, runWorker: false });
  try {
    const console = site.services;
    const meta = { fingerprint: "cli" };
    const audit = (action: "staff-added" | "staff-removed" | "role-changed", target: string, detail: object) =>
      console.audit.record({ action, actor: null, target, detail: { ...detail, via: "cli" }, meta });
    /** The member with this address, or null once it has said there is none. */
    const existingMember = async (address: string) => {
      const member = await console.auth.findMember(address);
      if (!member) process.stderr.write(`${address} is not a member of staff.\n`);
      return member;
    };

    switch (command) {
      case "list": {
        const team = await console.members.list();
        if (team.length === 0) process.stdout.write("No staff yet. Add one: npm run staff -- add EMAIL --role admin\n");
        for (const m of team) {
          process.stdout.write(
            `${m.email.padEnd(40)} ${m.role.padEnd(6)} ${String(m.passkeys).padStart(2)} passkey(s)  ${singleLine(m.name)}\n`,
          );
        }
        return 0;
      }
      case "add": {
        const signInUrl = new URL("/staff/sign-in", env.SITE_URL).href;
        const added = await console.members.add(
          { email: email!, name: name.data!, role },
          { invitedBy: "An administrator", signInUrl },
        );
        if (!added) {
          process.stderr.write(`${email} is already a member of staff.\n`);
          return 1;
        }
        await audit("staff-added", added.id, { role });
        process.stdout.write(
          `Added ${added.email} (${added.role}). They sign in at ${signInUrl} with a code sent to that address.\n`,
        );
        return 0;
      }
      case "remove": {
        const member = await existingMember(email!);
        if (!member) return 1;
        await console.members.remove(member.id);
        await audit("staff-removed", member.id, { role: member.role });
        process.stdout.write(`Removed ${member.email}; their sessions have ended.\n`);
        return 0;
      }
      case "role": {
        const member = await existingMember(email!);
        if (!member) return 1;
        await console.members.setRole(member.id, role);
        await audit("role-changed", member.id, { role });
        process.stdout.write(`${member.email} is now ${role}.\n`);
        return 0;
      }
    }
    return 2;
  } finally {
    await site.close();
  }
}

runCli(main);
