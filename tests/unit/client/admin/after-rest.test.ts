import { observable, reaction, runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { afterRest } from '../../../../src/client/admin/events/afterRest';

/** Timers run by hand: what is pending and when it was asked for. */
function manualTimers() {
  let next = 1;
  const pending = new Map<number, () => void>();
  return {
    pending,
    set: (run: () => void) => {
      pending.set(next, run);
      return next++;
    },
    clear: (id: number | undefined) => void (id !== undefined && pending.delete(id)),
    fire: () => [...pending.entries()].forEach(([id, run]) => (pending.delete(id), run())),
  };
}

describe('the editor preview asks once the form rests', () => {
  it('runs once after a burst of changes, with the last one (not every 600 ms while typing)', () => {
    const timers = manualTimers();
    const form = observable({ text: '' });
    const seen: string[] = [];
    const stop = reaction(() => form.text, (text) => seen.push(text), { scheduler: afterRest(600, timers) });
    for (const letter of 'typing a long title') runInAction(() => (form.text += letter));
    expect(seen).toEqual([]);
    expect(timers.pending.size).toBe(1);
    timers.fire();
    expect(seen).toEqual(['typing a long title']);
    runInAction(() => (form.text = 'again'));
    timers.fire();
    expect(seen).toEqual(['typing a long title', 'again']);
    stop();
  });
});
