/**
 * The card form's speed as Markdown (bench/card-form-speed.ts): its own section of
 * docs/performance.md, "Card form speed", between markers of its own, so `npm run bench` and
 * `npm run bench -- --only card-form` rewrite it without touching the other sections; and the
 * waterfall chart beside the document.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { CardFormSpeed } from './card-form-speed.js';
import { PHONE, SAME_FIELDS_CONTROLS, type InteractiveRuns, type InteractiveVisit } from './interactive-card-form.js';
import { layoutShiftRows } from './layout-shift.js';
import { machineLine } from './report.js';
import { median, ms, ratio } from './stats.js';
import { LOOK_MS, PRESS_MS, SLOW_API_CHARGE_MS, type PayToQrResult, type TypingResult } from './typing-and-paying.js';
import { writeWaterfall } from './waterfall.js';

/** A ratio to the static page's long tasks; when it had none, no ratio means anything, and the cell says so. */
function longTaskRatio(ours: number, staticPage: number): string {
  return staticPage > 0 ? ratio(ours, staticPage) : 'none on the static page';
}

export const SPEED_START = '<!-- card-form-speed:start (written by `npm run bench`; edits between the markers are replaced) -->';
export const SPEED_END = '<!-- card-form-speed:end -->';
const HEADING = '## Card form speed';

/** The goals the figures are set against (docs/performance.md, "Card form speed"). */
export const SPEED_GOALS = { unthrottled: 1.5, throttled4x: 2, longTasks: 2, typingP95Ms: 50, payToQr: 1.2 } as const;

const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;
const verdict = (ok: boolean): string => (ok ? 'met' : '**not met**');

function interactiveRows(label: string, runs: InteractiveRuns, goal: number): string[] {
  const longTotal = { ours: median(runs.longTasks.ours.total), static: median(runs.longTasks.static.total) };
  const longest = { ours: median(runs.longTasks.ours.longest), static: median(runs.longTasks.static.longest) };
  const timeRatio = runs.median.ours / runs.median.static;
  return [
    row([`interactive, ${label}`, ms(runs.median.ours), ms(runs.median.static), `**${ratio(runs.median.ours, runs.median.static)}**`, `<= ${goal}x`, verdict(timeRatio <= goal)]),
    row([`long tasks before it, ${label}: total`, ms(longTotal.ours), ms(longTotal.static), longTaskRatio(longTotal.ours, longTotal.static), `<= ${SPEED_GOALS.longTasks}x the static page's`, verdict(longTotal.ours <= SPEED_GOALS.longTasks * longTotal.static)]),
    row([`long tasks before it, ${label}: longest`, ms(longest.ours), ms(longest.static), longTaskRatio(longest.ours, longest.static), `<= ${SPEED_GOALS.longTasks}x the static page's`, verdict(longest.ours <= SPEED_GOALS.longTasks * longest.static)]),
  ];
}

/**
 * Ours against the static form of the same fields (`PAGES.sameFields`): the goal's baseline as the
 * issue words it, where the static page has the card's fields only. With `goal`, its verdict.
 */
function sameFieldsRow(label: string, runs: InteractiveRuns, goal?: number): string {
  const { sameFields } = runs;
  return row([
    `interactive, ${label}, against a static HTML form of the same fields as ours (its ${SAME_FIELDS_CONTROLS} controls: the buyer's details, the billing address and the card's; the static page has the method and the card's, 8)`,
    ms(runs.median.ours),
    ms(sameFields.median),
    `**${ratio(runs.median.ours, sameFields.median)}**`,
    goal === undefined ? '' : `<= ${goal}x`,
    goal === undefined ? '' : verdict(runs.median.ours <= goal * sameFields.median),
  ]);
}

/** Ours drawn as HTML with no script (bench/drawn-form.ts) against the static page: no goal, it says how far a form the shop's server draws could go. */
function drawnRow(label: string, runs: InteractiveRuns): string {
  const { drawn } = runs;
  return row([
    `interactive, ${label}: ours drawn as HTML with no script at all (its form and styles as declarative shadow DOM), the floor of a form the shop's server draws; ${ratio(drawn.median, runs.sameFields.median)} the static form of the same fields; its longest task ${ms(median(drawn.longTasks.longest))}`,
    ms(drawn.median),
    ms(runs.median.static),
    `**${ratio(drawn.median, runs.median.static)}**`,
    '',
    '',
  ]);
}

/**
 * A typing series' rows: its p95 (against the goal, for the card number), its median, and the
 * median of each buyer's first key.
 */
function typingRows(what: string, when: string, result: TypingResult, judged = true): string[] {
  const { p95, median: middle, firstKey } = result;
  const goal = judged ? [`<= ${SPEED_GOALS.typingP95Ms} ms`, verdict(p95.ours <= SPEED_GOALS.typingP95Ms)] : ['', ''];
  return [
    row([`typing ${what} ${when}, CPU 4x: key to next frame, p95 (${result.latencies.ours.length} keys)`, ms(p95.ours), ms(p95.static), ratio(p95.ours, p95.static), ...goal]),
    row([`typing ${what} ${when}, CPU 4x: key to next frame, median`, ms(middle.ours), ms(middle.static), ratio(middle.ours, middle.static), '', '']),
    row([`typing ${what} ${when}, CPU 4x: each buyer's first key, median`, ms(firstKey.ours), ms(firstKey.static), ratio(firstKey.ours, firstKey.static), '', '']),
  ];
}

/** How the phone series' device is named in the table. */
const PHONE_LABEL = `${PHONE.network.latencyMs} ms round trip, ${PHONE.network.downloadKbps / 1000} Mbit/s down, CPU ${PHONE.cpuThrottlingRate}x`;

/** The files each visit had asked for before its form was interactive, side by side by path, in the order of the first. */
function fetchChain(visit: InteractiveVisit, phone: InteractiveVisit): string[] {
  const before = (run: InteractiveVisit) => run.fetches.filter((fetch) => fetch.startTime <= run.interactive);
  const onPhone = before(phone);
  const time = (value: number | undefined) => (value === undefined ? '' : String(Math.round(value)));
  return before(visit).map((fetch) => {
    const there = onPhone.find((other) => other.path === fetch.path);
    return row([`\`${fetch.path}\``, time(fetch.startTime), time(fetch.responseEnd), time(there?.startTime), time(there?.responseEnd)]);
  });
}

/** A row of "Pay" to QR on the phone: its median, the charge's, the parts before the request and after the answer, and the ratio. */
function phonePayRow(what: string, result: PayToQrResult): string {
  return row([
    `${what}: "Pay" to QR drawn, against the charge's own round trip (median of ${result.ratios.length}; before its request, after its answer)`,
    `${ms(median(result.payToQr))} (charge ${ms(median(result.charge))}; ${ms(median(result.beforeCharge))}, ${ms(median(result.afterAnswer))})`,
    '',
    `**${median(result.ratios).toFixed(2)}x**`,
    '',
    '',
  ]);
}

/** The section's Markdown, between the markers; `chart` is the waterfall's file name beside the document. */
export function speedSection(speed: CardFormSpeed, options: { date: Date; command: string; chart: string }): string {
  const { interactive, typingAndPaying } = speed;
  const { typing, typingAfterTap, typingCpf, payToQr, payToQrOnPhone, payToQrOnPhoneSlowApi, press } = typingAndPaying;
  const qrRatio = median(payToQr.ratios);
  return [
    SPEED_START,
    `Measured ${options.date.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine(interactive.chromiumVersion)}, with \`${options.command}\`.`,
    'Ours and the static page side by side in one run; absolute times follow the machine\'s load, the ratios are the figures to watch.',
    '',
    `| measure | \`<pay-checkout>\` | static HTML form | ratio | goal | verdict |`,
    '| --- | --- | --- | --- | --- | --- |',
    ...interactiveRows('unthrottled', interactive.unthrottled, SPEED_GOALS.unthrottled),
    sameFieldsRow('unthrottled', interactive.unthrottled, SPEED_GOALS.unthrottled),
    drawnRow('unthrottled', interactive.unthrottled),
    ...interactiveRows('CPU 4x', interactive.throttled4x, SPEED_GOALS.throttled4x),
    sameFieldsRow('CPU 4x', interactive.throttled4x, SPEED_GOALS.throttled4x),
    drawnRow('CPU 4x', interactive.throttled4x),
    row([`interactive, on a phone: ${PHONE_LABEL}`, ms(interactive.phone.median.ours), ms(interactive.phone.median.static), `**${ratio(interactive.phone.median.ours, interactive.phone.median.static)}**`, '', '']),
    ...(interactive.phone.rendered
      ? [row(['interactive, on the phone, ours in a page the shop\'s server renders (configuration inline, first chunks and the card form preloaded)', ms(interactive.phone.rendered.median), ms(interactive.phone.median.static), `**${ratio(interactive.phone.rendered.median, interactive.phone.median.static)}**`, '', ''])]
      : []),
    sameFieldsRow('on the phone', interactive.phone),
    drawnRow('on the phone', interactive.phone),
    ...typingRows('the card number', 'as soon as the form is interactive', typing),
    ...typingRows('the card number', `after a tap on the field and ${LOOK_MS} ms looking at the card`, typingAfterTap),
    ...typingRows('the CPF', `after a tap on the field and ${LOOK_MS} ms, against the static form of the same fields`, typingCpf, false),
    row([`a ${PRESS_MS} ms press on the card's option, CPU 4x: release to the card number drawn (median of ${press.ours.length})`, ms(median(press.ours)), ms(median(press.static)), ratio(median(press.ours), median(press.static)), '', '']),
    row([`Pix: "Pay" to QR drawn, against the charge's own round trip (median of ${payToQr.ratios.length})`, `${ms(median(payToQr.payToQr))} (charge ${ms(median(payToQr.charge))})`, '', `**${qrRatio.toFixed(2)}x**`, `<= ${SPEED_GOALS.payToQr}x`, verdict(qrRatio <= SPEED_GOALS.payToQr)]),
    row([`Pix: "Pay" to QR drawn, where the time goes: click to the charge's request, then its answer to the QR drawn (medians)`, `${ms(median(payToQr.beforeCharge))}, then ${ms(median(payToQr.afterAnswer))}`, '', '', '', '']),
    phonePayRow('Pix on the phone', payToQrOnPhone),
    phonePayRow(`Pix on the phone, the API taking ${SLOW_API_CHARGE_MS} ms for a charge (the sandbox holds each one)`, payToQrOnPhoneSlowApi),
    '',
    `Medians of ${interactive.runs} first visits per page and CPU rate (bench/interactive-card-form.ts); long tasks are`,
    'the main-thread tasks over 50 ms before the form turned interactive (Long Tasks API), the median per run of their',
    `total and of the longest. Typing, the press and pay to QR: bench/typing-and-paying.ts, ${typingAndPaying.runs} buyers each.`,
    '',
    ...layoutShiftRows(speed.layoutShift),
    '',
    'The layout shift: bench/layout-shift.ts, first visits of a product page of the benchmark (`bench/pages/product-page.html`).',
    '',
    `What the median visit of ours fetched before its form was interactive, in order (ms since navigation), unthrottled and on the phone:`,
    '',
    row(['file', 'requested', 'arrived', 'on the phone: requested', 'arrived']),
    row(['---', '---', '---', '---', '---']),
    ...fetchChain(interactive.unthrottled.medianVisit.ours, interactive.phone.medianVisit.ours),
    '',
    `The phone: ${PHONE_LABEL}, through Chromium's network emulation; the server sends every file gzip-compressed.`,
    '',
    `![Waterfall: ours and the static page, from navigation to an interactive card form](${options.chart})`,
    SPEED_END,
  ].join('\n');
}

/** Writes the section into `doc` (a new "Card form speed" heading at the end the first time) and the chart beside it. */
export function writeSpeedSection(doc: string, speed: CardFormSpeed, options: { date: Date; command: string; chartPath: string }): string {
  const { unthrottled } = speed.interactive;
  writeWaterfall(options.chartPath, unthrottled.medianVisit.ours, unthrottled.medianVisit.static, `Unthrottled, the median run of each page, ${options.date.toISOString().slice(0, 16).replace('T', ' ')} UTC (${options.command})`);
  const section = speedSection(speed, { date: options.date, command: options.command, chart: basename(options.chartPath) });
  const text = readFileSync(doc, 'utf8');
  const start = text.indexOf(SPEED_START);
  const end = text.indexOf(SPEED_END);
  const updated =
    start !== -1 && end > start
      ? text.slice(0, start) + section + text.slice(end + SPEED_END.length)
      : `${text.trimEnd()}\n\n${HEADING}\n\nWritten by \`npm run bench\` (\`bench/card-form-speed.ts\`), or on its own by \`npm run bench -- --only card-form\`.\n\n${section}\n`;
  writeFileSync(doc, updated);
  return section;
}
