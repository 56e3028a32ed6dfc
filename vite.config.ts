import { defineConfig } from 'vite';
import { checkoutStackPlugin } from './demo/checkout-stack-plugin.js';
import { minifiedWidgetPlugins } from './vite.build-cdn.config.js';

// `npm start`: vite serves the demo page (demo/index.html) and, in the same process, the
// checkout's back end: a sandbox of the API on its own loopback port and the relay at
// /checkout (demo/checkout-stack-plugin.ts). docs/demo.md walks through the page.
export default defineConfig({
  // The Pix QR encoder is imported lazily; pre-bundled at start, so its first use does not make
  // vite discover a dependency and reload the page in the middle of a payment.
  optimizeDeps: { include: ['qrcode'] },
  root: 'demo',
  // Keep the demo's banner (URL, sandbox, test credentials) on screen.
  clearScreen: false,
  // The relay allows the page's exact origin: open the printed 127.0.0.1 URL. When 5173 is
  // taken vite picks the next free port, and the stack follows it.
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  // terser's pass over the widget (below) takes most of the build's few seconds: no warning about it.
  build: { outDir: '../dist/demo', emptyOutDir: true, rolldownOptions: { checks: { bundlerTimings: false } } },
  // `vite build` minifies the widget as the script-tag build does; `npm start` serves the sources as written.
  plugins: [checkoutStackPlugin({ relayPath: '/checkout', configTtlMs: 1000 }), ...minifiedWidgetPlugins().map((plugin) => ({ ...plugin, apply: 'build' as const }))],
});
