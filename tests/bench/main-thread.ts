/**
 * The main thread's work while a screen boots, at Lighthouse's mobile CPU slowdown (4×) applied to
 * the real load: script time and task time (`Performance.getMetrics` ScriptDuration/TaskDuration)
 * and the long tasks the page itself observed (`longtask`), from navigation until the screen's
 * heading is drawn by React and the network is quiet. Several loads per screen, each in a fresh
 * browser context (nothing cached); the median is printed. Less at the mercy of Lighthouse's
 * simulation than its TBT, still slowed by a busy machine (the 4× is on top of it).
 */
import type { Browser, Page } from 'puppeteer-core';

export interface MainThreadFigures {
  /** Sum over long tasks of their time beyond 50 ms (Lighthouse's blocking time, here observed). */
  blockingMs: number;
  longestTaskMs: number;
  longTasks: number;
  scriptMs: number;
  taskMs: number;
}

export const MAIN_THREAD_RUNS = Number(process.env.BENCH_MAIN_THREAD_RUNS ?? 5);

declare global {
  interface Window {
    __longTasks?: number[];
  }
}

async function oneLoad(page: Page, url: string, drawn: string): Promise<MainThreadFigures> {
  const cdp = await page.createCDPSession();
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.evaluateOnNewDocument(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks!.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector(drawn, { timeout: 60_000 });
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 60_000 });
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  const tasks = await page.evaluate(() => window.__longTasks ?? []);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return {
    blockingMs: tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    longestTaskMs: Math.max(0, ...tasks),
    longTasks: tasks.length,
    scriptMs: metric('ScriptDuration'),
    taskMs: metric('TaskDuration'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * `url` loaded MAIN_THREAD_RUNS times, each in a fresh context; `prepare` runs on the context's
 * page before each load (a held purchase in sessionStorage), `drawn` is a selector React's render
 * of the screen has and the static first view has not.
 */
export async function measureMainThread(browser: Browser, url: string, drawn: string, prepare?: (page: Page) => Promise<void>): Promise<MainThreadFigures> {
  const runs: MainThreadFigures[] = [];
  for (let run = 0; run < MAIN_THREAD_RUNS; run++) {
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      if (prepare) await prepare(page);
      runs.push(await oneLoad(page, url, drawn));
    } finally {
      await context.close();
    }
  }
  const of = (key: keyof MainThreadFigures) => median(runs.map((figures) => figures[key]));
  return { blockingMs: of('blockingMs'), longestTaskMs: of('longestTaskMs'), longTasks: of('longTasks'), scriptMs: of('scriptMs'), taskMs: of('taskMs') };
}

export function mainThreadLine(label: string, f: MainThreadFigures): string {
  return `  ${label.padEnd(10)} 4× CPU, median of ${MAIN_THREAD_RUNS}: blocking ${Math.round(f.blockingMs)} ms  longest task ${Math.round(f.longestTaskMs)} ms  long tasks ${f.longTasks}  script ${Math.round(f.scriptMs)} ms  tasks ${Math.round(f.taskMs)} ms`;
}
