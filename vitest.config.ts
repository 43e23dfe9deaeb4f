import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Native addons (onnxruntime-node, canvas) and PGlite's wasm are happiest in forked workers.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ["test/support/global-setup.ts"],
    // Benchmarks and evaluations are scripts with their own commands, never tests.
    exclude: ["**/node_modules/**", "test/bench/**"],
  },
});
