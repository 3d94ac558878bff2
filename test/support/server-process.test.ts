import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { SERVER_NODE_FLAGS, startServer, type RunningServer } from "./server-process";

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

describe("startServer's temporary DATA_DIR", () => {
  // A stand-in for the build: answers /healthz on the port and host it is given, writes into DATA_DIR.
  const standIn = [
    "-e",
    `require("node:fs").writeFileSync(require("node:path").join(process.env.DATA_DIR, "written"), "x");
     require("node:http").createServer((_, res) => res.end("ok")).listen(Number(process.env.PORT), process.env.HOST);`,
  ];
  const made = (server: RunningServer) => path.dirname(server.dataDir);

  test("goes with the server on stop and on kill, with what the server wrote in it", async () => {
    const stopped = await startServer({}, { args: standIn, dataPrefix: "maternis-stop-test-" });
    expect(existsSync(path.join(stopped.dataDir, "written"))).toBe(true);
    await stopped.stop();
    expect(existsSync(made(stopped))).toBe(false);

    const killed = await startServer({}, { args: standIn });
    expect(existsSync(killed.dataDir)).toBe(true);
    await killed.kill();
    expect(existsSync(made(killed))).toBe(false);
  });

  test("stays with keepData, and a DATA_DIR the caller gives is never removed", async () => {
    const kept = await startServer({}, { args: standIn, keepData: true });
    await kept.stop();
    expect(existsSync(path.join(kept.dataDir, "written"))).toBe(true);
    rmSync(made(kept), { recursive: true, force: true });

    const own = mkdtempSync(path.join(tmpdir(), "maternis-own-data-"));
    try {
      const given = await startServer({ DATA_DIR: own }, { args: standIn });
      await given.stop();
      expect(existsSync(path.join(own, "written"))).toBe(true);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  test("goes when the server exits before it is healthy", async () => {
    const prefix = `maternis-failed-start-${process.pid}-`;
    const folders = () => readdirSync(tmpdir()).filter((name) => name.startsWith(prefix));
    const failing = [
      "-e",
      `require("node:fs").writeFileSync(require("node:path").join(process.env.DATA_DIR, "written"), "x"); process.exit(3);`,
    ];
    const start = (keepData: boolean) => startServer({}, { args: failing, dataPrefix: prefix, keepData });
    await expect(start(false)).rejects.toThrow("server exited with code 3");
    expect(folders()).toEqual([]);
    // The control: kept, the same start leaves its folder, with what the process wrote before it exited.
    await expect(start(true)).rejects.toThrow("server exited with code 3");
    const left = folders();
    expect(left).toHaveLength(1);
    expect(existsSync(path.join(tmpdir(), left[0]!, "data", "written"))).toBe(true);
    rmSync(path.join(tmpdir(), left[0]!), { recursive: true, force: true });
  });
});
