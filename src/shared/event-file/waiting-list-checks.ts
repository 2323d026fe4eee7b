/** Rules on the event file's `waiting_list` that JSON Schema cannot express (they span two parts of the file). */
export type WaitingListProblemCode = 'waitingListSeated';

export interface WaitingListProblem {
  pointer: string;
  code: WaitingListProblemCode;
  params: Record<string, string | number>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A waiting list's offer holds units of a ticket type, not places on a seat chart: a seated event
 * (its `config.seats`) cannot have one enabled.
 */
export function waitingListProblems(file: Record<string, unknown>): WaitingListProblem[] {
  const list = file.waiting_list;
  if (!isObject(list) || list.enabled !== true) return [];
  const config = isObject(file.event) && isObject(file.event.config) ? file.event.config : undefined;
  return config?.seats ? [{ pointer: '/waiting_list/enabled', code: 'waitingListSeated', params: {} }] : [];
}
