/**
 * The waterfall of the interactive-form benchmark as an SVG: for ours and for the static page,
 * the run whose time is the median's, one bar per file fetched from navigation to interactive,
 * the page's long tasks on a strip below them, and a line where the form turned interactive. Both
 * on one time scale, so a new fetch in the chain or a longer task shows at a glance.
 */
import { writeFileSync } from 'node:fs';
import type { InteractiveVisit } from './interactive-card-form.js';

const WIDTH = 960;
const LABEL_WIDTH = 300;
const ROW = 18;
const AXIS = 24;
const COLORS = { fetch: '#3b82f6', longTask: '#dc2626', interactive: '#16a34a', text: '#111827', grid: '#e5e7eb' } as const;

/** Text for the SVG, escaped. */
const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `/cdn/chunks/checkout-core-C5gKhtIU.js` → `checkout-core-C5gKhtIU.js`; a query stays, shortened. */
function fetchLabel(path: string): string {
  const name = path.slice(path.lastIndexOf('/', path.indexOf('?') === -1 ? undefined : path.indexOf('?')) + 1);
  return name.length > 40 ? `${name.slice(0, 39)}…` : name;
}

function panel(title: string, visit: InteractiveVisit, top: number, scale: (ms: number) => number): { svg: string[]; height: number } {
  const fetches = visit.fetches.filter((fetch) => fetch.startTime <= visit.interactive);
  const svg: string[] = [`<text x="0" y="${top + 14}" font-weight="bold">${escapeText(title)}: interactive at ${Math.round(visit.interactive)} ms</text>`];
  let y = top + ROW + 4;
  for (const fetch of fetches) {
    const x = scale(fetch.startTime);
    const width = Math.max(1, scale(fetch.responseEnd) - x);
    svg.push(
      `<text x="0" y="${y + 12}">${escapeText(fetchLabel(fetch.path))}</text>`,
      `<rect x="${x.toFixed(1)}" y="${y + 3}" width="${width.toFixed(1)}" height="${ROW - 6}" fill="${COLORS.fetch}"><title>${escapeText(fetch.path)}: ${Math.round(fetch.startTime)} to ${Math.round(fetch.responseEnd)} ms</title></rect>`,
    );
    y += ROW;
  }
  const total = visit.longTasks.reduce((sum, task) => sum + task.duration, 0);
  svg.push(`<text x="0" y="${y + 12}">long tasks (${Math.round(total)} ms)</text>`);
  for (const task of visit.longTasks) {
    const x = scale(task.startTime);
    svg.push(`<rect x="${x.toFixed(1)}" y="${y + 3}" width="${Math.max(1, scale(task.startTime + task.duration) - x).toFixed(1)}" height="${ROW - 6}" fill="${COLORS.longTask}"><title>${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms</title></rect>`);
  }
  y += ROW;
  const line = scale(visit.interactive).toFixed(1);
  svg.push(`<line x1="${line}" x2="${line}" y1="${top + ROW}" y2="${y}" stroke="${COLORS.interactive}" stroke-width="2"/>`);
  return { svg, height: y - top + 8 };
}

/** The chart's SVG: `ours` above `baseline`, on one scale from 0 to the later one's interactive time. */
export function waterfallSvg(ours: InteractiveVisit, baseline: InteractiveVisit, caption: string): string {
  const end = Math.max(ours.interactive, baseline.interactive, 1);
  const step = [50, 100, 200, 250, 500, 1000].find((candidate) => end / candidate <= 12) ?? 2000;
  const scale = (ms: number) => LABEL_WIDTH + (Math.min(ms, end) / end) * (WIDTH - LABEL_WIDTH - 10);
  const first = panel('<pay-checkout>', ours, AXIS + 20, scale);
  const second = panel('static HTML form', baseline, AXIS + 20 + first.height, scale);
  const height = AXIS + 20 + first.height + second.height + 20;
  const axis: string[] = [];
  for (let tick = 0; tick <= end; tick += step) {
    const x = scale(tick).toFixed(1);
    axis.push(`<line x1="${x}" x2="${x}" y1="${AXIS}" y2="${height - 20}" stroke="${COLORS.grid}"/>`, `<text x="${x}" y="${AXIS - 6}" text-anchor="middle">${tick} ms</text>`);
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, sans-serif" font-size="12" fill="${COLORS.text}">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...axis,
    ...first.svg,
    ...second.svg,
    `<text x="0" y="${height - 4}" font-size="11">${escapeText(caption)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

/** Writes the chart to `path`. */
export function writeWaterfall(path: string, ours: InteractiveVisit, baseline: InteractiveVisit, caption: string): void {
  writeFileSync(path, waterfallSvg(ours, baseline, caption));
}
