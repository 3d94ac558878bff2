import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import layers from "./eslint-layers.js";

/**
 * Client code must never import a server-only module: `*.server.ts` files and
 * anything under server/ hold secrets, database access and Node APIs.
 * Route modules may import them for their loader/action (React Router strips
 * those from the client bundle, and fails the build if one leaks); every other
 * file under app/ may not. scripts/postbuild.ts also scans the client bundle.
 */
const serverOnlyImports = {
  patterns: [
    {
      group: ["*.server", "*.server.ts", "**/*.server", "**/*.server.ts"],
      message: "Server-only module: import it from a route's loader/action or from server/ only.",
    },
    {
      group: ["**/server/**", "../server/*", "~/../server/*"],
      message: "server/ is Node-only and never reaches client code.",
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      ".tmp/",
      "test-results/",
      "playwright-report/",
      "public/",
      "coverage/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-hooks/set-state-in-effect": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-control-regex": "off",
      // No file over 400 lines, tests included (docs/decisions/023-by-feature.md): split by responsibility.
      "max-lines": ["error", { max: 400 }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    // app/root.tsx is the root route module: its loader may import server-only modules too.
    ignores: ["app/routes/**", "app/root.tsx", "app/**/*.server.ts", "app/**/*.test.{ts,tsx}", "app/entry.server.tsx"],
    rules: { "no-restricted-imports": ["error", serverOnlyImports] },
  },
  {
    // Code that may run in a visitor's browser: no regular expression lookbehind, which Safari
    // before 16.4 cannot parse (the whole chunk would fail to load on an older iPhone).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}", "app/entry.server.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[regex.pattern=/\\(\\?<[=!]/]",
          message: "No lookbehind in code that may run in the browser: Safari before 16.4 cannot parse it.",
        },
      ],
    },
  },
  {
    // pg-boss keeps a thrown error's message and stack in the job's row: every queue's handler is
    // wrapped in scrubFailures (app/platform/queue.server.ts), so no address or query value stays there.
    files: ["app/**/*.server.ts", "server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name='work']:not([arguments.length=3][arguments.2.callee.name='scrubFailures'])",
          message: "Wrap a queue's handler in scrubFailures: pg-boss keeps its errors in the job's row (ADR 013).",
        },
      ],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**", "../server/*"],
              message: "server/ is Node-only; reach it through the router context.",
            },
          ],
        },
      ],
    },
  },
  {
    // Imports point down the layers: platform, kit and copy, features in order, site, processes (eslint-layers.js).
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { layers },
    rules: { "layers/imports": "error" },
  },
  {
    // A skipped or focused test must never shrink the suite silently. Vitest:
    // skip from inside the test with ctx.skip(note), which the report prints.
    files: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["test", "it", "describe"].flatMap((object) =>
          ["only", "skip", "skipIf", "runIf", "todo"].map((property) => ({
            object,
            property,
            message: "Never shrink the suite silently: skip with ctx.skip(note) so the report gives the reason.",
          })),
        ),
      ],
    },
  },
  {
    // Playwright: test.skip(condition, reason) is reported with its reason by test/support/skip-reporter.ts.
    files: ["e2e/**/*.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["test", "describe"].map((object) => ({ object, property: "only", message: "Remove .only." })),
      ],
    },
  },
);
