import demo from '../../../src/server/demo/demo.json';
import type { AttendeeField } from '../../../src/shared/event-file/event-file.types';

/** The demo's General ticket form: 8 fields, every type (text, email, number, telefono, select, text+pattern, file, checkbox). */
export const BENCH_FIELDS = demo.tickets[0].form as AttendeeField[];
export const ATTENDEES = 10;

/** Records keystroke → next paint for every key typed (rAF, then a task after the frame). */
export function instrumentKeystrokes(): void {
  const samples: number[] = [];
  (window as unknown as { __samples: number[] }).__samples = samples;
  const channel = new MessageChannel();
  const pending: number[] = [];
  channel.port1.onmessage = () => {
    const start = pending.shift();
    if (start !== undefined) samples.push(performance.now() - start);
  };
  window.addEventListener(
    'keydown',
    (event) => {
      pending.push(event.timeStamp);
      requestAnimationFrame(() => channel.port2.postMessage(null));
    },
    { capture: true },
  );
}
