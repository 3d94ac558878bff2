import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

// Bundles the Node entry points (web server, worker, operator CLI) so that they
// can share TypeScript/TSX modules with the app without a runtime compiler.
// Dependencies stay external and are loaded from node_modules at run time,
// except drizzle-orm: loaded as ES modules by Node 24 its ~150 files hold
// about 150 MB of heap (its CommonJS files, or the same code bundled, a few
// MB), so it is bundled (npm run bench:memory); so is lucide-react, one 1.3 MB
// module of every icon, of which the server's own code draws none.
export default defineConfig({
  // public/ belongs to the client build only.
  publicDir: false,
  ssr: { noExternal: ["drizzle-orm", "lucide-react"] },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    ssr: true,
    outDir: `${process.env.BUILD_DIR ?? "build"}/node`,
    emptyOutDir: true,
    target: "node24",
    sourcemap: true,
    rollupOptions: {
      input: {
        index: "server/index.ts",
        worker: "server/worker.ts",
        enquiries: "server/cli/enquiries.ts",
        staff: "server/cli/staff.ts",
      },
      output: {
        format: "esm",
        entryFileNames: "[name].js",
        // The environment module defaults NODE_ENV to production before React
        // loads. Dependencies stay external and ES imports run in order, so it
        // must be a chunk of its own that the entry imports first, never
        // merged into a chunk whose imports load React.
        codeSplitting: { groups: [{ name: "env", test: /\/app\/platform\/env\.server\.ts$/, priority: 10 }] },
      },
    },
  },
});
