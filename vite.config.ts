import { defineConfig } from 'vite';

// Serves the demo page (demo/index.html). The sandbox and the relay join this process
// when they exist; until then the page shows the widget parts that do.
export default defineConfig({
  root: 'demo',
  server: { host: '127.0.0.1', port: 5173 },
  build: { outDir: '../dist/demo', emptyOutDir: true },
});
