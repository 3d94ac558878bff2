import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { SERVER_NODE_FLAGS } from "./server-process";

test("every npm script that runs a process of the build gives it the Node options tests and benchmarks use", () => {
  const { scripts } = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const runs = Object.entries(scripts).filter(([, command]) => command.includes("build/node/"));
  expect(runs.map(([name]) => name).sort()).toEqual(["enquiries", "serve", "staff", "start", "worker"]);
  for (const [name, command] of runs) {
    const flags = /\bnode ((?:--\S+ )*)build\/node\//.exec(command)?.[1]?.trim().split(" ");
    expect(flags, name).toEqual(SERVER_NODE_FLAGS);
  }
  // PGlite's WebAssembly compiled once, by the baseline compiler; the young generation bounded (ADR 008, ADR 025).
  expect(SERVER_NODE_FLAGS).toContain("--liftoff-only");
  expect(SERVER_NODE_FLAGS).toContainEqual(expect.stringMatching(/^--max-semi-space-size=\d+$/));
});
