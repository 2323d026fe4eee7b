// `npm test`: every check, in stages, with the time each took printed at the end.
// Stage 1 runs Vitest (unit + API on SQLite and PostgreSQL) beside the type check, the event-file
// check and the client build: none of them needs another's output, and the type check is one thread
// for about a minute after the other two have ended, which left a core idle before Vitest started.
// Vitest's output streams; each other step's is printed whole when it ends. Then Playwright (which
// serves the build). A failed stage stops the run with its exit code, as `a && b` would.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const EVENT_FILES = ['tests/fixtures/events/*.json', 'src/server/demo/demo.json', 'src/server/demo/demo-free.json', 'src/server/demo/demo-seats.json'];

// [name, command, streams]: a step that streams writes straight through; the others' output is kept until they end.
const stages = [
  [
    ['type check', 'npm run typecheck', false],
    ['event files', `npm run event:check -- ${EVENT_FILES.join(' ')}`, false],
    ['build', 'npm run build', false],
    ['Vitest', 'npx vitest run', true],
  ],
  [['Playwright', 'npm run test:e2e', true]],
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

/** Runs `command` in a shell; a step that streams writes straight through, else its output is kept until it ends. */
function run([name, command, streams]) {
  const started = Date.now();
  const cpuBefore = cpuTimes();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: streams ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      if (!streams) process.stdout.write(`\n── ${name} (${command})\n${Buffer.concat(output).toString()}`);
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
  const outcomes = await Promise.all(stage.map((step) => run(step)));
  results.push(...outcomes);
  failed = outcomes.find((o) => o.code !== 0);
  if (failed) break;
}

console.log('\nnpm test, time per step:');
// "CPU busy": the whole machine's, over the step (other work on the machine counts too, the steps beside it included).
for (const r of results) {
  const busy = r.busy === null ? '' : `   CPU busy ${String(Math.round(r.busy * 100)).padStart(3)} %`;
  console.log(`  ${r.name.padEnd(12)} ${format(r.seconds).padStart(11)}${busy}${r.code === 0 ? '' : `  FAILED (exit ${r.code})`}`);
}
console.log(`  ${'in all'.padEnd(12)} ${format((Date.now() - started) / 1000).padStart(11)}`);
process.exit(failed ? failed.code : 0);
