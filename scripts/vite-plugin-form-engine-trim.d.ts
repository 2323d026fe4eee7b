import type { Plugin } from 'vite';

export function formEngineTrimPlugin(): Plugin;
