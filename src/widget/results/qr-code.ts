/**
 * The Pix QR code, drawn in the browser: the API returns only the copy-and-paste text
 * (public-api.md, "No Pix method returns a QR image"). The encoder, qr-encoder.ts, is loaded
 * the first time a QR is needed, so a checkout that never shows Pix never downloads it. The
 * dark modules are drawn as one SVG path: vector, so crisp at any zoom, and set through a Lit
 * attribute binding, never parsed from a markup string.
 */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { whenIdle } from '../idle.js';
import { lazyCode } from '../on-demand-code.js';
// Only a type: erased from the output, so the encoder still loads on demand (`encodeQr`).
import type { QrModules } from './qr-encoder.js';

export type { QrModules };

/** The level of error correction, the one the encoder works at: M (15 %) keeps a long BR Code scannable from a phone screen. */
export const QR_ERROR_CORRECTION = 'M';

/** The white margin around the code, in modules: the four the QR standard asks for. */
export const QR_QUIET_ZONE = 4;

/**
 * Loads the encoder; a failed load is forgotten, so the next QR asks again. Once loaded (`value`),
 * a QR is drawn in the same render as the view around it.
 */
const loadEncoder = lazyCode(() => import('./qr-encoder.js'));

/** The encoder's load and warm-up, once `preloadQrEncoder` asked for them (see `qrEncoderWarm`). */
let warm: Promise<void> | undefined;

/**
 * Loads the encoder ahead of the first code (the checkout asks while the buyer fills a Pix form),
 * so the view draws the code in its first render, and warms it up (`warmUp`). A page that never
 * shows Pix never asks.
 */
export function preloadQrEncoder(): void {
  warm ??= loadEncoder().then(
    (encoder) => new Promise<void>((done) => warmUp(encoder, whenIdle, done)),
    () => {
      warm = undefined;
    },
  );
}

/**
 * Settles once the encoder asked for by `preloadQrEncoder` is here and warmed up, or could not
 * load; at once when it was not asked for.
 */
export function qrEncoderWarm(): Promise<void> {
  return warm ?? Promise.resolve();
}

/**
 * Idle encodes `warmUp` has still to make: three, after which the engine runs the encoder several
 * times faster; none once a real code is encoded, which leaves nothing to warm up.
 */
let warmUpsLeft = 3;

/**
 * Encodes a text of a Pix code's usual size (about 180 bytes) a few times, each when the page is
 * idle, while the buyer fills the form: the first runs of a function are interpreted, and the
 * first real code would otherwise wait for them (docs/performance.md, "Card form speed"). Calls
 * `done` in the idle moment after the last, or after a real code stopped them.
 */
export function warmUp(
  encoder: { encodeQrSymbol(text: string): QrModules },
  idle: (run: () => void) => void = whenIdle,
  done: () => void = () => undefined,
): void {
  const encodeOnce = () => {
    if (warmUpsLeft <= 0) return done();
    warmUpsLeft -= 1;
    encoder.encodeQrSymbol('0'.repeat(180));
    idle(encodeOnce);
  };
  idle(encodeOnce);
}

/**
 * Encodes `text` as a QR symbol, loading the encoder on first use. Rejects when the encoder
 * cannot load or the text does not fit the largest symbol.
 */
export async function encodeQr(text: string): Promise<QrModules> {
  warmUpsLeft = 0;
  return (loadEncoder.value ?? (await loadEncoder())).encodeQrSymbol(text);
}

/**
 * The symbol as an `<svg>` with `role="img"` and `label` as its text alternative. Always dark
 * on white, whatever the theme: scanners need the contrast the standard assumes.
 */
export function qrCodeSvg(modules: QrModules, label: string): TemplateResult {
  const { size } = modules;
  const side = size + QR_QUIET_ZONE * 2;
  // Each run of dark modules in a row is one rectangle of a single path (`M x y h width v 1 h -width z`):
  // one element for the whole code rather than one per module.
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let start = 0, end = 1; start < size; start = end, end += 1) {
      if (!modules.isDark(row, start)) continue;
      while (end < size && modules.isDark(row, end)) end += 1;
      path += `M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${end - start}v1h${start - end}z`;
    }
  }
  return html`
    <svg
      part="qr-code"
      class="qr-code"
      role="img"
      aria-label=${label}
      viewBox="0 0 ${side} ${side}"
      shape-rendering="crispEdges"
    >
      <rect width=${side} height=${side} fill="#fff"></rect>
      <path class="qr-modules" d=${path} fill="#000"></path>
    </svg>
  `;
}

/**
 * Encodes the text its host shows, once per text, and updates the host: the host draws
 * `modules` once they are there, and says so when `failed`.
 */
export class QrCodeLoader {
  /** The symbol of the text last shown, once encoded. */
  modules: QrModules | undefined;
  /** True when the text last shown could not be encoded. */
  failed = false;

  private readonly host: ReactiveControllerHost;
  private text: string | undefined;

  constructor(host: ReactiveControllerHost) {
    this.host = host;
  }

  /** Encodes `text` unless it is the one already drawn or on its way. */
  show(text: string): void {
    if (text === this.text) return;
    this.text = text;
    this.modules = undefined;
    this.failed = false;
    // Without modules, the encoder could not load (offline, blocked) or the text does not fit a QR: the code stays usable by copy and paste.
    const encoded = (modules?: QrModules) => {
      if (this.text !== text) return;
      this.modules = modules;
      this.failed = !modules;
      this.host.requestUpdate();
    };
    const encoder = loadEncoder.value;
    warmUpsLeft = 0;
    if (encoder) {
      // Called while the host updates: drawn in this render, with no second one.
      try {
        this.modules = encoder.encodeQrSymbol(text);
      } catch {
        this.failed = true;
      }
      return;
    }
    encodeQr(text).then(encoded, () => encoded());
  }
}
