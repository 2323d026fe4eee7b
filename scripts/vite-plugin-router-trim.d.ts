import type { Plugin } from 'vite';

export function routerTrimPlugin(): Plugin;
