// Entry of a PDF worker thread, loaded by piscina. Plain JavaScript, so Node can start it whatever
// runs the server (`npm start` and `npm run dev` run TypeScript through tsx; Vitest through Vite):
// it registers tsx in this thread, then hands piscina the TypeScript worker's job function.
import { register } from 'tsx/esm/api';

register();
const { default: renderPdfJob } = await import('./pdf-worker.ts');
export default renderPdfJob;
