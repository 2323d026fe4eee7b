// `npm test`: every check, in stages, with the time each took printed at the end.
// Stage 1 runs the type check, the event-file check and the client build side by side (the type
// check is one thread, the build mostly another); each one's output is printed whole when it ends.
// Then Vitest (unit + API on SQLite and PostgreSQL), then Playwright (which serves the build).
// The first stage that fails stops the run with its exit code, as `a && b && c` would.
import { spawn } from 'node:child_process';

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

/** Runs `command` in a shell; alone in its stage it writes straight through, else its output is kept until it ends. */
function run([name, command], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      if (!alone) process.stdout.write(`\n── ${name} (${command})\n${Buffer.concat(output).toString()}`);
      resolve({ name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
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
for (const r of results) console.log(`  ${r.name.padEnd(12)} ${format(r.seconds).padStart(11)}${r.code === 0 ? '' : `  FAILED (exit ${r.code})`}`);
console.log(`  ${'in all'.padEnd(12)} ${format((Date.now() - started) / 1000).padStart(11)}`);
process.exit(failed ? failed.code : 0);
