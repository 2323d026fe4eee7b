import { describe, expect, it } from 'vitest';
import type { CancelOrderResponse } from '../../../../src/shared/api';
import { cancelResultKey, clabeFeedback, isClabeRefusal, transferProblems } from '../../../../src/client/order/orderChanges';

describe('clabeFeedback', () => {
  it('stays quiet while the buyer is still typing digits', () => {
    expect(clabeFeedback('')).toEqual({ state: 'typing' });
    expect(clabeFeedback('0020 1007')).toEqual({ state: 'typing' });
  });

  it('names the bank of a valid CLABE, spaces and hyphens ignored', () => {
    expect(clabeFeedback('002-010-07777777777-1')).toEqual({ state: 'ok', clabe: '002010077777777771', bank: 'Banco Nacional de México' });
  });

  it('says what is wrong: letters or too many digits, the control digit, an unknown bank', () => {
    expect(clabeFeedback('00201007777777777a')).toEqual({ state: 'problem', problem: 'length' });
    expect(clabeFeedback('0020100777777777712')).toEqual({ state: 'problem', problem: 'length' });
    expect(clabeFeedback('002010077777777772')).toEqual({ state: 'problem', problem: 'control_digit' });
    expect(clabeFeedback('003010077777777770')).toEqual({ state: 'problem', problem: 'bank', code: '003' });
  });
});

describe('isClabeRefusal', () => {
  it('puts the CLABE codes on the field and leaves the others to the alert', () => {
    expect(isClabeRefusal('CLABE_CONTROL_DIGIT')).toBe(true);
    expect(isClabeRefusal('CLABE_REQUIRED')).toBe(true);
    expect(isClabeRefusal('CANCELLATION_DEADLINE_PASSED')).toBe(false);
    expect(isClabeRefusal(undefined)).toBe(false);
  });
});

describe('transferProblems', () => {
  it('sends name and e-mail errors to their fields and the form errors to the form, relative to it', () => {
    expect(transferProblems([
      { path: '/name', message: 'name?' },
      { path: '/email', message: 'email?' },
      { path: '/1/0/correo', message: 'correo?' },
      { path: '/answers/nombre', message: 'nombre?' },
    ])).toEqual({ name: 'name?', email: 'email?', answers: [{ pointer: '/correo', message: 'correo?' }, { pointer: '/nombre', message: 'nombre?' }] });
  });
});

describe('cancelResultKey', () => {
  const answer = (over: Partial<CancelOrderResponse>): CancelOrderResponse => ({
    purchase_id: 'p', status: 'cancelled', cancellation_id: 'c', ticket_ids: ['t'], paid: 100, fee: 10, refund: 90,
    refund_via: 'provider', refund_status: 'done', payout_id: null, bank: null, ...over,
  });

  it('tells a provider refund, one still owed, a CLABE payout and nothing to give back apart', () => {
    expect(cancelResultKey(answer({}))).toBe('provider');
    expect(cancelResultKey(answer({ refund_status: 'owed' }))).toBe('owed');
    expect(cancelResultKey(answer({ refund_via: 'payout', refund_status: 'queued', payout_id: 'x', bank: 'Banco Nacional de México' }))).toBe('payout');
    expect(cancelResultKey(answer({ paid: 0, fee: 0, refund: 0, refund_via: 'none', refund_status: 'none' }))).toBe('none');
  });
});
