/**
 * The Pix QR code, drawn in the browser: the API returns only the copy-and-paste text
 * (public-api.md, "No Pix method returns a QR image"). The encoder, qr-encoder.ts, is loaded
 * the first time a QR is needed, so a checkout that never shows Pix never downloads it. The
 * modules are drawn as SVG rectangles through Lit's `svg` templates: vector, so crisp at any
 * zoom, and built as nodes, never parsed from a markup string.
 */
import { svg, html, type ReactiveControllerHost, type TemplateResult } from 'lit';

/** The level of error correction, the one the encoder works at: M (15 %) keeps a long BR Code scannable from a phone screen. */
export const QR_ERROR_CORRECTION = 'M';

/** The white margin around the code, in modules: the four the QR standard asks for. */
export const QR_QUIET_ZONE = 4;

/** A QR symbol: `size` × `size` modules, dark or light. */
export interface QrModules {
  readonly size: number;
  isDark(row: number, column: number): boolean;
}

/**
 * Encodes `text` as a QR symbol, loading the encoder on first use. Rejects when the encoder
 * cannot load or the text does not fit the largest symbol.
 */
export async function encodeQr(text: string): Promise<QrModules> {
  const { encodeQrSymbol } = await import('./qr-encoder.js');
  return encodeQrSymbol(text);
}

/** The dark runs of one row: `[column, length]` pairs, so a row is a few rectangles rather than one per module. */
function darkRuns(modules: QrModules, row: number): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let column = 0; column <= modules.size; column += 1) {
    const dark = column < modules.size && modules.isDark(row, column);
    if (dark && start < 0) start = column;
    if (!dark && start >= 0) {
      runs.push([start, column - start]);
      start = -1;
    }
  }
  return runs;
}

/**
 * The symbol as an `<svg>` with `role="img"` and `label` as its text alternative. Always dark
 * on white, whatever the theme: scanners need the contrast the standard assumes.
 */
export function qrCodeSvg(modules: QrModules, label: string): TemplateResult {
  const side = modules.size + QR_QUIET_ZONE * 2;
  const rows = Array.from({ length: modules.size }, (_, row) =>
    darkRuns(modules, row).map(
      ([column, length]) => svg`<rect x=${column + QR_QUIET_ZONE} y=${row + QR_QUIET_ZONE} width=${length} height="1"></rect>`,
    ),
  );
  return html`
    <svg
      part="qr-code"
      class="qr-code"
      role="img"
      aria-label=${label}
      viewBox="0 0 ${side} ${side}"
      shape-rendering="crispEdges"
      data-modules=${modules.size}
      data-quiet-zone=${QR_QUIET_ZONE}
    >
      <rect class="qr-background" width=${side} height=${side} fill="#ffffff"></rect>
      <g class="qr-modules" fill="#000000">${rows}</g>
    </svg>
  `;
}

/** Where the drawing of a QR stands. */
export const QrStatus = {
  Idle: 'idle',
  Loading: 'loading',
  Ready: 'ready',
  Failed: 'failed',
} as const;
export type QrStatus = (typeof QrStatus)[keyof typeof QrStatus];

/** Encodes the text its host shows, once per text, and updates the host; the host draws `modules` when `Ready`. */
export class QrCodeLoader {
  status: QrStatus = QrStatus.Idle;
  modules: QrModules | undefined;

  private readonly host: ReactiveControllerHost;
  private text: string | undefined;

  constructor(host: ReactiveControllerHost) {
    this.host = host;
  }

  /** Encodes `text` unless it is the one already drawn or on its way. */
  show(text: string): void {
    if (text === this.text) return;
    this.text = text;
    this.status = QrStatus.Loading;
    this.modules = undefined;
    encodeQr(text).then(
      (modules) => {
        if (this.text !== text) return;
        this.modules = modules;
        this.status = QrStatus.Ready;
        this.host.requestUpdate();
      },
      () => {
        // The encoder could not load (offline, blocked) or the text does not fit a QR: the code stays usable by copy and paste.
        if (this.text !== text) return;
        this.status = QrStatus.Failed;
        this.host.requestUpdate();
      },
    );
  }
}
