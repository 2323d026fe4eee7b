import type { Plugin } from 'vite';

/** Each stand-in: `source` imported by a file whose path matches `importer` resolves to `shim`. */
export const REPLACEMENTS: { importer: RegExp; source: string; shim: string }[];
export function formEngineTrimPlugin(): Plugin;
