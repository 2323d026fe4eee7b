/** Rules on the event file's `waiting_room` that JSON Schema cannot express (a key that belongs to one mode). */
export type WaitingRoomProblemCode = 'waitingRoomKeyMissing' | 'waitingRoomKeyOutsideMode';

export interface WaitingRoomProblem {
  pointer: string;
  code: WaitingRoomProblemCode;
  params: Record<string, string | number>;
}

/** The keys that mean something in one mode only. */
const KEY_MODE: Record<string, string> = { opens_at: 'scheduled', auto_held_units: 'auto' };

/**
 * Problems of a raw (maybe schema-invalid) `waiting_room`: `scheduled` needs `opens_at` (the lottery's
 * moment) and `auto` needs `auto_held_units` (what switches it on); `opens_at` and `auto_held_units` in
 * another mode would be silently ignored, so they are refused.
 */
export function waitingRoomProblems(room: unknown): WaitingRoomProblem[] {
  if (typeof room !== 'object' || room === null || Array.isArray(room)) return [];
  const { mode } = room as Record<string, unknown>;
  if (typeof mode !== 'string') return [];
  const problems: WaitingRoomProblem[] = [];
  for (const [key, owner] of Object.entries(KEY_MODE)) {
    const present = (room as Record<string, unknown>)[key] !== undefined;
    if (mode === owner && !present) problems.push({ pointer: '/waiting_room', code: 'waitingRoomKeyMissing', params: { key, mode } });
    if (mode !== owner && present) problems.push({ pointer: `/waiting_room/${key}`, code: 'waitingRoomKeyOutsideMode', params: { key, mode, owner } });
  }
  return problems;
}
