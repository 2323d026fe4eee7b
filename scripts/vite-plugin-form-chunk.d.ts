import type { Plugin } from 'vite';

/** Paths of the form code put in the form chunk. */
export const FORM_MODULES: RegExp[];
/** Paths of the MUI parts only the form's widgets render. */
export const WIDGET_PARTS: RegExp[];
/** Paths of the card widgets, which stay with the payment page. */
export const PAYMENT_ONLY: RegExp;
export function formChunkPlugin(): Plugin;
