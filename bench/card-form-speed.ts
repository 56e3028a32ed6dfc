/**
 * The card form's speed in one place, for `npm run bench` and `npm run bench -- --only card-form`:
 * time to an interactive form with its long tasks (bench/interactive-card-form.ts), typing latency,
 * a press on the card and pay to QR (bench/typing-and-paying.ts), how far the shop's text under the checkout moves
 * while it loads (bench/layout-shift.ts), and the waterfall of the interactive-form runs
 * (bench/waterfall.ts). Its figures go in a section of docs/performance.md of their own
 * (bench/speed-report.ts), beside the one bench/report.ts writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCdnVariant } from '../scripts/cdn-bundle.js';
import { measureInteractiveCardForm, type InteractiveResult } from './interactive-card-form.js';
import { measureLayoutShift, type LayoutShiftResult } from './layout-shift.js';
import { measureTypingAndPaying, type TypingAndPayingResult } from './typing-and-paying.js';

export interface CardFormSpeed {
  interactive: InteractiveResult;
  typingAndPaying: TypingAndPayingResult;
  layoutShift: LayoutShiftResult;
}

/** Every measure of the card form's speed on the build in `ourBuildDir`, `runs` times each. */
export async function measureCardFormSpeed(ourBuildDir: string, runs: number, log: (line: string) => void = console.log): Promise<CardFormSpeed> {
  log(`bench: card form, interactive (${runs} runs per page, unthrottled, 4x and on a phone)…`);
  const interactive = await measureInteractiveCardForm(ourBuildDir, runs);
  log(`bench: card form, typing, a press on the card and pay to QR (${runs} runs)…`);
  const typingAndPaying = await measureTypingAndPaying(ourBuildDir, runs);
  log('bench: card form, layout shift of a product page…');
  const layoutShift = await measureLayoutShift(ourBuildDir);
  return { interactive, typingAndPaying, layoutShift };
}

/** A fresh module build of ours in a temporary directory, removed after `use`. */
export async function withFreshBuild<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'pay-checkout-bench-cdn-'));
  try {
    await buildCdnVariant('module', { outDir: dir, logLevel: 'error', sourcemap: false });
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
