// Bundles the server into dist/main.js: our own workspace code (the contract is TypeScript source)
// is bundled, every npm dependency stays external and is loaded from node_modules.
import { build } from 'esbuild';

const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@tavola/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [
    'src/main.ts',
    { in: 'src/core/db/cli.ts', out: 'cli' },
    // A worker thread's code, loaded through core/pdf/pool.ts from beside main.js.
    { in: 'src/modules/reports/history-pdf-worker.ts', out: 'history-pdf-worker' },
    // The period reports' PDF worker (report-pdf-thread.ts).
    { in: 'src/modules/reports/report-pdf-worker.ts', out: 'report-pdf-worker' },
    // Receipts and Z reports, loaded by core/pdf/pool.ts from beside main.js.
    { in: 'src/modules/receipts/receipt-pdf-worker.ts', out: 'receipt-pdf-worker' },
    { in: 'src/modules/business-days/z-report-pdf-worker.ts', out: 'z-report-pdf-worker' },
    { in: 'src/modules/tables/qr-pdf-worker.ts', out: 'qr-pdf-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalDependencies],
});
