// `npm run dev`: the API with reload (tsx watch, port 3000) and the Vite dev server (port 5173, proxying /api).
import { spawn } from 'node:child_process';

const procs = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', stop);
