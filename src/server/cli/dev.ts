import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: the API with reload on change (tsx watch, port API_PORT or 3001) and
 * Vite's dev server with hot reload (port PORT or 3000), which forwards /api to the API.
 */
const apiPort = process.env.API_PORT ?? '3001';
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/cli/serve.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', CLIENT_DIR: '/nonexistent', PUBLIC_URL: `http://localhost:${process.env.PORT ?? '3000'}` },
  }),
  spawn('npx', ['vite', '--port', process.env.PORT ?? '3000', '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
