// npm run dev: the API server (node --watch) on API_PORT and Vite's dev server with /api, /v1 proxied to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8080';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort };
const children = [
  spawn(process.execPath, ['--watch', 'server/serve.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
