import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(os.tmpdir(), `tavola-e2e-${process.pid}`);

/** Debian's Chromium, started the way this network-less machine needs. */
const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
      testIgnore: /\.phone\.spec\.ts$/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
      testMatch: /\.phone\.spec\.ts$/,
    },
  ],
  webServer: {
    // The production build that `npm start` serves (scripts/test.mjs builds it first).
    command: `rm -rf ${dataDir} && node apps/server/dist/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '500',
      PUBLIC_RATE_LIMIT: '5000',
      WS_CONNECT_RATE_LIMIT: '5000',
      DATABASE_URL: '',
      // One instance on its own: CI's REDIS_URL (for the Redis tests) would share rate-limit counters
      // and instance presence with the unit tests' runs.
      REDIS_URL: '',
      // The printers e2e/courses.spec.ts starts listen on free ports, not raw printing's 9100.
      PRINTERS_ALLOW_ANY_PORT: '1',
      // Reports by email go to the SMTP server e2e/report-emails.spec.ts starts on this port.
      SMTP_URL: `smtp://127.0.0.1:${PORT + 20000}`,
      MAIL_FROM: 'Tavola Reports <reports@tavola.test>',
    },
  },
});
