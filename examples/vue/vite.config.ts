import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The page's template is compiled in the browser, so it takes Vue's build with the template
// compiler. With single-file components (@vitejs/plugin-vue), Vue's default build does, and the
// plugin's `template.compilerOptions.isCustomElement` says which tags are custom elements.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: [{ find: /^vue$/, replacement: 'vue/dist/vue.esm-bundler.js' }] },
});
