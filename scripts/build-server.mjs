// The server as plain JavaScript: `src/server/cli/serve.ts` and everything it imports of ours in one
// ES module (packages stay imports of node_modules), the sandbox in a chunk of its own that is loaded
// only when a provider runs against it. `node dist/server/serve.mjs` starts like `tsx
// src/server/cli/serve.ts` with less than half the CPU (no TypeScript compiled at start: ≈ 2.0 s
// against 4.8 s on the 2-core dev machine), which is what the tests that start server processes pay
// for every process.
//
//   node scripts/build-server.mjs [outdir]     (default dist/server; `npm run build` runs it)
//
// Files our code reads beside itself (`new URL('./x.js', import.meta.url)`: browser scripts, worker
// entries) stay where they are: each module's `import.meta.url` is replaced by its source file's URL.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** esbuild plugin: `import.meta.url` in our own files is the source file's URL, not the bundle's. */
const sourceFileUrls = {
  name: 'source-file-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.(ts|tsx|js|mjs)$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js';
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader };
    });
  },
};

/** Bundles the server into `outdir` (its entry `serve.mjs`); resolves when written. */
export async function buildServer(outdir = resolve(repoRoot, 'dist/server')) {
  await build({
    entryPoints: { serve: resolve(repoRoot, 'src/server/cli/serve.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // The maps point at the sources beside them, not copies inside: a process started with
    // `--enable-source-maps` holds ≈ 21 MB of them instead of ≈ 46 MB.
    sourcesContent: false,
    plugins: [sourceFileUrls],
    logLevel: 'warning',
  });
  return resolve(outdir, 'serve.mjs');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`server built: ${entry}`);
}
