import type { AppContext } from '../context';
import { countEvents } from '../repositories/event.repository';
import { importEvent } from '../services/event-import.service';
import demo from './demo.json';
import demoFree from './demo-free.json';
import demoSeats from './demo-seats.json';

/** Loads the demo events into an empty database, so a first `npm start` shows something to buy. */
export async function loadDemoEventsIfEmpty(ctx: AppContext): Promise<string[]> {
  if ((await countEvents(ctx.db.kysely)) > 0) return [];
  const loaded: string[] = [];
  for (const file of [demo, demoFree, demoSeats]) loaded.push((await importEvent(ctx, file, { by: 'demo' })).url);
  return loaded;
}
