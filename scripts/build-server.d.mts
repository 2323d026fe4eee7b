/** Bundles the server into `outdir` (default dist/server) and resolves to its entry, `serve.mjs`. */
export function buildServer(outdir?: string): Promise<string>;
