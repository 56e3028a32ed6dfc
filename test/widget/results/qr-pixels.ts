// What the QR tests share (Node and browser): a symbol turned into the pixels a camera would
// see, for jsQR to read back as a phone does.
import type { QrModules } from '../../../src/widget/results/qr-code.js';

/** The RGBA pixels of `modules`, black on white, `scale` pixels a module, with the four-module quiet zone. */
export function qrPixels(modules: QrModules, scale = 2): { data: Uint8ClampedArray; width: number; height: number } {
  const side = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / scale) - 4;
      const column = Math.floor(x / scale) - 4;
      const inside = row >= 0 && row < modules.size && column >= 0 && column < modules.size;
      if (inside && modules.isDark(row, column)) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { data, width: side, height: side };
}
