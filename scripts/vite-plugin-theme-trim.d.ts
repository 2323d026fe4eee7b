import type { Plugin } from 'vite';

export function themeTrimPlugin(): Plugin;
