import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

// Bundles the Node entry points (web server, worker, operator CLI) so that they
// can share TypeScript/TSX modules with the app without a runtime compiler.
// Dependencies stay external and are loaded from node_modules at run time.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    ssr: true,
    outDir: "build/node",
    emptyOutDir: true,
    target: "node24",
    sourcemap: true,
    rollupOptions: {
      input: {
        index: "server/index.ts",
      },
      output: { format: "esm", entryFileNames: "[name].js" },
    },
  },
});
