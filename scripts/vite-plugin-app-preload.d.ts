import type { Plugin } from 'vite';

export function appPreloadPlugin(): Plugin;
