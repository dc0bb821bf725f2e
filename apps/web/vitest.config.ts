import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// The web's component tests: a browser-like DOM (jsdom), the app's own Vite config (the `@/`
// alias, React), and one setup file. The root config runs this as the `web` project.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/testing/setup.ts'],
      testTimeout: 30_000,
      // fetch and WebSocket fakes are installed per test and removed after it.
      unstubGlobals: true,
    },
  }),
);
