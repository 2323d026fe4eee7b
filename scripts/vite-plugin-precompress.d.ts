import type { Plugin } from 'vite';

export function precompressPlugin(): Plugin;
