import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry WASM; two workers match the machine's two cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            // The benchmarks' pure arithmetic (the benchmarks themselves are not run by tests).
            'bench/**/*.test.mjs',
          ],
        },
      },
      // Web component tests run in jsdom with the web app's Vite config (apps/web/vitest.config.ts).
      'apps/web/vitest.config.ts',
    ],
  },
});
