// Lighthouse (mobile settings, simulated throttling) on the landing page and the guest page,
// run against Debian's Chromium: performance, accessibility and best-practices scores and LCP.
// Usage: node bench/lighthouse.mjs [--runs N] [--explain] [path …]   (after npm run build)
//   BENCH_BASE_URL=http://127.0.0.1:PORT measures a server already running instead of starting one.
//   --explain also prints, per page, what the total blocking time and the layout shift are made
//   of: the long tasks, the main-thread time by script, the shifting elements and the audits'
//   opportunities (where the next millisecond is).
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { machine, startServer } from './lib.mjs';

const args = process.argv.slice(2);
const explain = args.includes('--explain');
const runsAt = args.indexOf('--runs');
const runCount = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const paths = args.filter((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));

// BENCH_BASE_URL measures a server already running (it serves each new build as it is written).
const server = process.env.BENCH_BASE_URL
  ? { base: process.env.BENCH_BASE_URL.replace(/\/$/, ''), stop: async () => {} }
  : await startServer({ port: 4800 + Math.floor(Math.random() * 90) });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
  ],
});

const ms = (n) => Math.round(n);
const short = (url) => (url ? url.replace(server.base, '') : url);

/** What the score is made of: long tasks, bootup by script, shifts, opportunities. */
function breakdown(lhr) {
  const a = lhr.audits;
  const items = (id) => a[id]?.details?.items ?? [];
  return {
    longTasks: items('long-tasks').map((t) => ({
      url: short(t.url),
      startMs: ms(t.startTime),
      durationMs: ms(t.duration),
    })),
    bootupByScript: items('bootup-time').map((s) => ({
      url: short(s.url),
      totalMs: ms(s.total),
      scriptingMs: ms(s.scripting),
      parseCompileMs: ms(s.scriptParseCompile),
    })),
    mainThreadByGroup: items('mainthread-work-breakdown').map((g) => ({
      group: g.groupLabel ?? g.group,
      ms: ms(g.duration),
    })),
    layoutShifts: items('layout-shifts').map((s) => ({
      score: +s.score.toFixed(4),
      node: s.node?.snippet ?? s.node?.selector,
    })),
    opportunities: Object.values(a)
      .filter((x) => x.details?.type === 'opportunity' && (x.score ?? 1) < 1)
      .map((x) => ({ id: x.id, savingsMs: ms(x.numericValue ?? 0), display: x.displayValue })),
    fcpMs: ms(a['first-contentful-paint'].numericValue),
    speedIndexMs: ms(a['speed-index'].numericValue),
  };
}

const results = [];
try {
  for (const path of paths.length ? paths : ['/', '/order?token=QR-T1']) {
    const runs = [];
    // Three runs each by default; the median performance run is reported.
    for (let i = 0; i < runCount; i++) {
      const { lhr } = await lighthouse(`${server.base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        formFactor: 'mobile',
        screenEmulation: {
          mobile: true,
          width: 412,
          height: 823,
          deviceScaleFactor: 1.75,
          disabled: false,
        },
        throttlingMethod: 'simulate',
      });
      if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
      runs.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        ...(explain ? { explain: breakdown(lhr) } : {}),
      });
    }
    runs.sort((a, b) => a.performance - b.performance);
    results.push({ path, ...runs[Math.floor((runs.length - 1) / 2)] });
  }
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        // The machine is shared: simulated throttling scales what it observes, so a busy machine
        // scores lower. The load average says how busy it was.
        loadAverage: os.loadavg().map((n) => +n.toFixed(2)),
        profile: 'Lighthouse mobile, simulated throttling',
        results,
      },
      null,
      2,
    ),
  );
} finally {
  await chrome.kill();
  await server.stop();
}
