import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { faultTests, mockingServerTests, serverTests } from "./vitest-projects";

const root = path.resolve(import.meta.dirname, "..");
const testFiles = ["app", "server", "scripts", "test", "faults"].flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .map((file) => path.join(dir, file).split(path.sep).join("/"))
    .filter((file) => /\.test\.tsx?$/.test(file)),
);
const inSharedWorkers = (file: string) =>
  [...serverTests, ...faultTests].some((glob) => path.matchesGlob(file, glob)) && !mockingServerTests.includes(file);
const mocksAModule = (file: string) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, file), "utf8"));

test("every Node test file that mocks a module runs isolated, in server-mocking", () => {
  // The positive control: the project's mocking files are found, and are Node tests.
  expect(mockingServerTests.every((file) => testFiles.includes(file) && mocksAModule(file))).toBe(true);
  expect(mockingServerTests.every((file) => serverTests.some((glob) => path.matchesGlob(file, glob)))).toBe(true);
  expect(testFiles.filter((file) => inSharedWorkers(file) && mocksAModule(file))).toEqual([]);
});
