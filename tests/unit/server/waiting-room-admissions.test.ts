import { describe, expect, it } from 'vitest';
import { admissionsDue, waitSeconds } from '../../../src/server/waiting-room/admissions';

const at = (iso: string) => Date.parse(iso);
const room = (over: Partial<Parameters<typeof admissionsDue>[0]> = {}) => ({ drawn: 1, admit_per_minute: 60, admitted_clock: '2026-12-05T10:00:00.000Z', admitted_up_to: 0, next_seq: 100, ...over });

describe('the admission loop', () => {
  it('lets in admit_per_minute a minute, carrying the fraction of a place over', () => {
    expect(admissionsDue(room(), at('2026-12-05T10:00:00.900Z'))).toBeUndefined();
    expect(admissionsDue(room(), at('2026-12-05T10:00:02.500Z'))).toEqual({ upTo: 2, clock: '2026-12-05T10:00:02.000Z' });
    expect(admissionsDue(room({ admit_per_minute: 1000 }), at('2026-12-05T10:00:03.000Z'))).toEqual({ upTo: 50, clock: '2026-12-05T10:00:03.000Z' });
  });

  it('never past the last place handed out, and saves nothing up while the queue is empty', () => {
    expect(admissionsDue(room({ next_seq: 3 }), at('2026-12-05T10:05:00.000Z'))).toEqual({ upTo: 3, clock: '2026-12-05T10:05:00.000Z' });
    expect(admissionsDue(room({ next_seq: 3, admitted_up_to: 3 }), at('2026-12-05T11:00:00.000Z'))).toBeUndefined();
  });

  it('admits nobody before the lottery is drawn', () => {
    expect(admissionsDue(room({ drawn: 0 }), at('2026-12-05T11:00:00.000Z'))).toBeUndefined();
  });

  it('estimates the wait of a place in whole seconds', () => {
    expect(waitSeconds(1, 1000)).toBe(1);
    expect(waitSeconds(2500, 1000)).toBe(150);
  });
});
