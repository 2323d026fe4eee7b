import type { OrderFormAnswers } from '../../../shared/attendee-form/attendee-form.types';
import type { KeyValueStorage } from '../../stores/ports';
import { storageKeys } from '../../stores/ports';

/** What sessionStorage keeps under the checkout key while the buyer types. */
export interface AttendeeDraft {
  purchaseId: string;
  answers: OrderFormAnswers;
}

/** The saved draft of this purchase, or undefined (another purchase's draft is ignored). */
export function readDraft(storage: KeyValueStorage, purchaseId: string): OrderFormAnswers | undefined {
  try {
    const draft = JSON.parse(storage.getItem(storageKeys.formDraft) ?? 'null') as Partial<AttendeeDraft> | null;
    if (!draft || draft.purchaseId !== purchaseId || typeof draft.answers !== 'object' || draft.answers === null) return undefined;
    return draft.answers;
  } catch {
    return undefined;
  }
}

const isImage = (value: unknown) => typeof value === 'string' && value.startsWith('data:');

/**
 * Saves the draft. Images can outgrow the tab's storage quota (about 5 MB): then the
 * draft is saved without them rather than not at all. Returns false when nothing could be saved.
 */
export function writeDraft(storage: KeyValueStorage, draft: AttendeeDraft): boolean {
  try {
    storage.setItem(storageKeys.formDraft, JSON.stringify(draft));
    return true;
  } catch {
    const withoutImages: OrderFormAnswers = {};
    for (const [ticketId, attendees] of Object.entries(draft.answers)) {
      withoutImages[ticketId] = attendees.map((answers) => Object.fromEntries(Object.entries(answers).filter(([, value]) => !isImage(value))));
    }
    try {
      storage.setItem(storageKeys.formDraft, JSON.stringify({ ...draft, answers: withoutImages }));
      return true;
    } catch {
      return false;
    }
  }
}
