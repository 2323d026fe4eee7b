// `npm test`: every check, in stages, with the time each took printed at the end.
// Stage 1 runs the type check, the event-file check and the client build side by side (the type
// check is one thread, the build mostly another); each one's output is printed whole when it ends.
// Then Vitest (unit + API on SQLite and PostgreSQL), then Playwright (which serves the build).
// The first stage that fails stops the run with its exit code, as `a && b && c` would.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const EVENT_FILES = ['tests/fixtures/events/*.json', 'src/server/demo/demo.json', 'src/server/demo/demo-free.json', 'src/server/demo/demo-seats.json'];

const stages = [
  [
    ['type check', 'npm run typecheck'],
    ['event files', `npm run event:check -- ${EVENT_FILES.join(' ')}`],
    ['build', 'npm run build'],
  ],
  [['Vitest', 'npx vitest run']],
  [['Playwright', 'npm run test:e2e']],
];

/** The machine's busy and total CPU time so far (Linux /proc/stat; null elsewhere): a stage's share of busy CPU says whether it could run beside another. */
function cpuTimes() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const ticks = fields.map(Number);
    const idle = ticks[3] + (ticks[4] ?? 0);
    const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Runs `command` in a shell; alone in its stage it writes straight through, else its output is kept until it ends. */
function run([name, command], alone) {
  const started = Date.now();
  const cpuBefore = cpuTimes();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      if (!alone) process.stdout.write(`\n── ${name} (${command})\n${Buffer.concat(output).toString()}`);
      const cpuAfter = cpuTimes();
      const busy = cpuBefore && cpuAfter ? (cpuAfter.busy - cpuBefore.busy) / Math.max(1, cpuAfter.total - cpuBefore.total) : null;
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000, busy });
    });
  });
}

const format = (seconds) => `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
const results = [];
const started = Date.now();
let failed;
for (const stage of stages) {
  const outcomes = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  results.push(...outcomes);
  failed = outcomes.find((o) => o.code !== 0);
  if (failed) break;
}

console.log('\nnpm test, time per step:');
// "CPU busy": the whole machine's, over the step (other work on the machine counts too).
for (const r of results) {
  const busy = r.busy === null ? '' : `   CPU busy ${String(Math.round(r.busy * 100)).padStart(3)} %`;
  console.log(`  ${r.name.padEnd(12)} ${format(r.seconds).padStart(11)}${busy}${r.code === 0 ? '' : `  FAILED (exit ${r.code})`}`);
}
console.log(`  ${'in all'.padEnd(12)} ${format((Date.now() - started) / 1000).padStart(11)}`);
process.exit(failed ? failed.code : 0);
