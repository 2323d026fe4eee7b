// Entry of a PDF worker thread. Plain JavaScript, so Node can start it whatever runs the
// server (`npm start` and `npm run dev` run TypeScript through tsx; Vitest through Vite):
// it registers tsx in this thread, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
