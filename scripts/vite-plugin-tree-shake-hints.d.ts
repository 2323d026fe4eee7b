import type { Plugin } from 'vite';

export function treeShakeHintsPlugin(): Plugin;
