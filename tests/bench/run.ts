import { existsSync } from 'node:fs';
import { benchApi } from './api-bench';

/**
 * `npm run bench`: prints every performance figure of the project, each beside its
 * baseline measured in the same run. Figures, not pass/fail tests.
 */
const only = process.argv[2];
if (!only || only === 'api') await benchApi();
for (const [name, module] of [['page-weight', './page-weight'], ['form-typing', './form-typing'], ['lighthouse', './lighthouse'], ['checkin', './checkin'], ['checkin-offline', './checkin-offline'], ['exports', './exports'], ['waiting-room', './waiting-room']] as const) {
  if (only && only !== name) continue;
  if (!existsSync(new URL(`${module}.ts`, import.meta.url))) continue;
  const bench = (await import(module)) as { default?: () => Promise<void> };
  if (bench.default) await bench.default();
}
