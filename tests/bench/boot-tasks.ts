/**
 * Experiment: the storefront's boot tasks on the renderer's main thread, by thread time (trace `tdur`),
 * which a busy machine does not inflate the way it inflates wall time. Prints each task over 5 ms of
 * thread time after the first contentful paint and the blocking time they would make at Lighthouse's
 * 4× CPU slowdown (Σ max(0, 4·t − 50 ms)).
 *   npx tsx tests/bench/boot-tasks.ts http://127.0.0.1:PORT/demo [runs]
 */
import puppeteer from 'puppeteer-core';

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; tid: number; pid: number; args?: { name?: string; data?: { frame?: string } } }

async function oneLoad(url: string) {
  const browser = await puppeteer.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8.execute'] });
    await page.goto(url, { waitUntil: 'networkidle0' });
    await new Promise((done) => setTimeout(done, 1500));
    const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString("utf8")) as { traceEvents: TraceEvent[] };
    const events = trace.traceEvents;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'firstContentfulPaint'));
    if (!main) throw new Error('no renderer main thread with a first contentful paint');
    const fcp = events.find((e) => e.pid === main.pid && e.name === 'firstContentfulPaint')!.ts;
    const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X' && e.ts >= fcp);
    const long = tasks.map((t) => ({ at: (t.ts - fcp) / 1000, wall: (t.dur ?? 0) / 1000, thread: (t.tdur ?? 0) / 1000 })).filter((t) => t.thread > 5);
    const blocking = long.reduce((sum, t) => sum + Math.max(0, 4 * t.thread - 50), 0);
    return { long, blocking };
  } finally {
    await browser.close();
  }
}

const url = process.argv[2];
const runs = Number(process.argv[3] ?? 3);
for (let i = 0; i < runs; i++) {
  const { long, blocking } = await oneLoad(url);
  console.log(`run ${i + 1}: blocking at 4× ≈ ${Math.round(blocking)} ms; tasks (ms after FCP: thread/wall): ${long.map((t) => `${t.at.toFixed(0)}:${t.thread.toFixed(1)}/${t.wall.toFixed(1)}`).join('  ')}`);
}
