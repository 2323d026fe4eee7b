// Entry of an attendee-module worker thread (a piscina task file). Plain JavaScript, so Node can
// start it whatever runs the server (tsx for `npm start`, Vite under Vitest): it registers tsx in
// this thread, then hands piscina the TypeScript build function as its task.
import { register } from 'tsx/esm/api';

register();
const { buildAttendeeModule } = await import('./attendee-module-build.ts');
export default buildAttendeeModule;
