// `npm test`: unit and API tests (Vitest: PGlite always, PostgreSQL/Redis when TEST_DATABASE_URL /
// REDIS_URL are set), then the browser tests (Playwright against the production build) when
// Chromium is installed. Ends with one line: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve('.test-output');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

const vitestFile = path.join(out, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
]);
const vitest = readJson(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A file that failed to load has no failed test but is still a failure.
  if (vitestStatus !== 0 && vitest.numFailedTests === 0) failed += 1;
} else if (vitestStatus !== 0) {
  failed += 1;
}
if (vitestStatus !== 0) exitCode = 1;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium) && process.env.SKIP_E2E !== 'true') {
  const buildStatus = run('npm', ['run', 'build']);
  if (buildStatus !== 0) {
    failed += 1;
    exitCode = 1;
  } else {
    const pwFile = path.join(out, 'playwright.json');
    const pwStatus = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile });
    const pw = readJson(pwFile);
    if (pw?.stats) {
      passed += pw.stats.expected;
      failed += pw.stats.unexpected + pw.stats.flaky;
      skipped += pw.stats.skipped;
      if (pwStatus !== 0 && pw.stats.unexpected + pw.stats.flaky === 0) failed += 1;
    } else if (pwStatus !== 0) {
      failed += 1;
    }
    if (pwStatus !== 0) exitCode = 1;
  }
} else {
  console.log(`Browser tests skipped: no Chromium at ${chromium} (apt-get install -y chromium).`);
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode);
