import { parseArgs, type ParseArgsOptionsConfig } from "node:util";

/**
 * Runs an operator command: its exit code becomes the process's, and an
 * error is one line on stderr (refusals such as an occupied DATA_DIR or a
 * missing pg_dump, and environment errors, say what to do). exitCode rather
 * than exit(): a large export piped to a file must flush first.
 */
export function runCli(main: (args: string[]) => Promise<number>) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

/**
 * An operator command's arguments: its `options` and -h/--help, and its
 * command, the first positional, one of `commands`. With --help, or no or an
 * unknown command, it prints `usage` and answers the exit code instead (0 for
 * help, 2 otherwise).
 */
export function parseCommand<const O extends ParseArgsOptionsConfig>(
  argv: string[],
  cli: { usage: string; commands: readonly string[]; options: O },
) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...cli.options, help: { type: "boolean", short: "h" } },
  });
  const command = positionals[0];
  const help = (values as { help?: boolean }).help === true;
  if (help || !command || !cli.commands.includes(command)) {
    process.stdout.write(`${cli.usage}\n`);
    return { exitCode: command && !help ? 2 : 0 } as const;
  }
  return { command, positionals, values };
}
