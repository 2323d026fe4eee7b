import { runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/api/ApiError';
import { AttendeeFormStore } from '../../../../src/client/forms/attendee/AttendeeFormStore';
import type { AttendeeModule } from '../../../../src/client/forms/attendee/attendeeModule';
import { buildRoot } from '../stores/fakeApi';

/** One ticket type (1) with one text field, its validator accepting anything. */
const module: AttendeeModule = {
  forms: { '1': { ticketName: 'General', schema: { type: 'object', properties: { nombre: { type: 'string' } } }, uiSchema: {} } },
  validators: { '1': Object.assign(() => true, { errors: null }) },
  eventVersion: '1',
};

/** A store for a held purchase of two General tickets; add-info answers with `addInfo` on the fake API client. */
async function formFor(addInfo: unknown) {
  const built = buildRoot({ addInfo });
  await built.root.event.load('demo');
  runInAction(() => {
    built.root.checkout.setTicketQuantity(1, 2);
    built.root.checkout.purchaseId = 'p-1';
  });
  const store = new AttendeeFormStore(built.root, { loadModule: async () => module, addInfo: (id, form) => built.root.api.addInfo(id, form) });
  await store.load();
  return { ...built, store };
}

describe('AttendeeFormStore submit through the API client', () => {
  it('sends the answers keyed by ticket id and unit with the purchase id, and marks the form completed', async () => {
    const { store, calls, root } = await formFor({ purchase_id: 'p-1', form_completed: true, isFormRequiered: true });
    expect(store.blocks.map((block) => block.key)).toEqual(['1-0', '1-1']);
    expect(await store.submit()).toBe('ok');
    expect(calls.addInfo).toEqual([['p-1', { 1: [{}, {}] }]]);
    expect(root.checkout.formCompleted).toBe(true);
  });

  it('puts the server\'s per-field refusals back on their blocks, with the code (mensaje as fallback) as a toast', async () => {
    const refusal = new ApiError(400, 'Revisa los datos', 'FORM_INVALID', [{ path: '/1/1/nombre', message: 'validation.required' }]);
    const { store, notifications } = await formFor(refusal);
    expect(await store.submit()).toBe('invalid');
    expect(store.blocks[0].state.serverProblems).toEqual([]);
    expect(store.blocks[1].state.serverProblems).toEqual([{ pointer: '/nombre', message: 'validation.required' }]);
    expect(notifications).toEqual([{ variant: 'error', code: 'FORM_INVALID', text: 'Revisa los datos' }]);
  });

  it('leaves 401 and 429 to the API client\'s own toast (no second one)', async () => {
    for (const status of [401, 429]) {
      const { store, notifications } = await formFor(new ApiError(status, 'Demasiadas solicitudes', 'RATE_LIMITED'));
      expect(await store.submit()).toBe('failed');
      expect(notifications).toEqual([]);
    }
  });

  it('forgets the purchase when its hold is gone (410)', async () => {
    const { store, root } = await formFor(new ApiError(410, 'Tu tiempo terminó', 'PURCHASE_EXPIRED'));
    expect(await store.submit()).toBe('failed');
    expect(root.checkout.purchaseId).toBeNull();
  });
});
