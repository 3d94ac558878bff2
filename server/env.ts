import { EnvError, parseEnv, type Env } from "~/lib/env.server";

/**
 * The environment for a Node entry point: a bad value stops the process with
 * a message naming the variable (exit code 1), never a stack trace.
 */
export function loadEnvOrExit(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
