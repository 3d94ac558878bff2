import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema } from "./env.server";

/** docs/configuration.md is the reference for every variable the environment schema reads. */
describe("docs/configuration.md", () => {
  it("lists exactly the variables app/platform/env.server.ts reads (NODE_ENV aside)", () => {
    const doc = readFileSync(path.join(import.meta.dirname, "../../docs/configuration.md"), "utf8");
    const documented = [...doc.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]);
    const read = Object.keys(envSchema.shape).filter((key) => key !== "NODE_ENV");
    // BUILD_DIR is read by the server's entry (server/index.ts), before the schema.
    expect(documented.filter((key) => key !== "BUILD_DIR").sort()).toEqual(read.sort());
  });
});
