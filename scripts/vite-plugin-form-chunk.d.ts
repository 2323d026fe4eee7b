import type { Plugin } from 'vite';

export function formChunkPlugin(): Plugin;
