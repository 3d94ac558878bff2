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
