import type { WaitingRoomRow } from '../repositories/waiting-room.repository';

/**
 * The admission loop as arithmetic: `admit_per_minute` places are let in per minute since
 * `admitted_clock`, never beyond the last place handed out. Answers the counters to write, or
 * undefined when no whole place is due yet. The clock moves by the time the admitted places used
 * (the fraction of a place carries over); when the queue empties, to now (nothing is saved up).
 */
export function admissionsDue(row: Pick<WaitingRoomRow, 'drawn' | 'admit_per_minute' | 'admitted_clock' | 'admitted_up_to' | 'next_seq'>, nowMs: number): { upTo: number; clock: string } | undefined {
  if (row.drawn !== 1) return undefined;
  const clockMs = Date.parse(row.admitted_clock);
  const waiting = row.next_seq - row.admitted_up_to;
  const due = Math.floor(((nowMs - clockMs) * row.admit_per_minute) / 60_000);
  if (waiting <= 0 || due <= 0) return undefined;
  const admitted = Math.min(due, waiting);
  const clockAfter = admitted === waiting ? nowMs : clockMs + Math.round((admitted * 60_000) / row.admit_per_minute);
  return { upTo: row.admitted_up_to + admitted, clock: new Date(clockAfter).toISOString() };
}

/** The estimated wait of a place, in whole seconds. */
export const waitSeconds = (place: number, admitPerMinute: number) => Math.ceil((place * 60) / admitPerMinute);
