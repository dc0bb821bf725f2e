// `npm run bench`: builds, then runs every benchmark in turn. Results are printed as JSON;
// bench/README.md records them with the machine they ran on.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

const run = (args) => {
  const status = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status;
  if (status !== 0) process.exitCode = 1;
};

if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
  process.exit(1);
console.log('\n## Real-time fan-out: 1,000 kitchen clients, 200 orders');
run(['bench/ws-latency.mjs', '1000', '200']);
console.log('\n## Kitchen display: 200 open tickets, time to apply one new event in Chromium');
run(['bench/kitchen-render.mjs', '200', '100']);
console.log('\n## HTTP on one instance, PostgreSQL then PGlite');
run(['bench/http.mjs', 'postgres', '8', '32']);
run(['bench/http.mjs', 'pglite', '8', '32']);
console.log('\n## Analytics over 100,000 orders (PostgreSQL)');
run(['bench/analytics.mjs', '100000']);
console.log('\n## Period reports over 100,000 orders (PostgreSQL)');
run(['bench/reports.mjs', '100000']);
console.log('\n## Lighthouse on / and /order');
run(['bench/lighthouse.mjs']);
console.log('\n## Scale-out: two instances, PostgreSQL and Redis');
run(['bench/scale-out.mjs', '8', '50']);
console.log('\n## Regression guard: TPC-B, orders over 100 restaurants, menu and summary ratios');
run(['bench/quick.mjs']);
console.log('\n## Cost model: CPU per order and per poll, memory per socket, rows and bytes a day');
run(['bench/cost-model.mjs', '20']);
console.log("\n## A platform's Friday night: 1,000 restaurants, then the largest that passes");
run(['bench/platform-night.mjs', '1000']);
