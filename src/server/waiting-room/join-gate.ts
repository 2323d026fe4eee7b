import { createTurns } from '../../shared/node/turns';

/** The joins of one room one process works on at once; the others wait in arrival order. */
export const JOINS_AT_ONCE = 32;

/** Per database instance (tests run several apps in one process). */
const gates = new WeakMap<object, ReturnType<typeof createTurns>>();

/**
 * Runs a join of the room `url` once fewer than JOINS_AT_ONCE are in progress in this process, in
 * the order the joins arrived. A burst of arrivals beyond what the process answers in a second
 * waits here, before its bot check, rather than all at once inside it: the check's round trip
 * (whose timeout is the provider's) then measures the provider, not this process's backlog, so a
 * burst is answered late but never refused `BOT_CHECK_FAILED` for it.
 */
export function inJoinTurn<T>(db: object, url: string, work: () => Promise<T>): Promise<T> {
  let inTurn = gates.get(db);
  if (!inTurn) gates.set(db, (inTurn = createTurns(JOINS_AT_ONCE)));
  return inTurn(url, work);
}
