// `npm run dev`: the API with reload on port 3001, and Vite with hot reload on port 3000
// (proxying /api and /ws to the API), so http://localhost:3000 works as with `npm start`.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], {
    cwd: 'apps/server',
    stdio: 'inherit',
    // Table codes point at the page guests open, which Vite serves here (not the API's port).
    env: {
      ...process.env,
      PORT: process.env.API_PORT ?? '3001',
      WEB_DIST: '',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
    },
  }),
  spawn('npx', ['vite'], { cwd: 'apps/web', stdio: 'inherit', env: process.env }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
