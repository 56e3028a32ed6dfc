/**
 * A build plugin that turns the widget's development mode on: src/widget/dev-mode.ts is compiled
 * with `DEV_MODE = true`, so the warnings behind `if (DEV_MODE)` stay in the bundle. For the
 * development builds only: the others keep the constant `false`, and the bundler drops the warnings.
 */
import type { Plugin } from 'vite';

const DEV_MODE_MODULE = /[\\/]src[\\/]widget[\\/]dev-mode\.ts$/;
const OFF = 'export const DEV_MODE = false;';
const ON = 'export const DEV_MODE = true;';

export function devModeOn(): Plugin {
  return {
    name: 'pay-checkout:dev-mode-on',
    transform(code, id) {
      if (!DEV_MODE_MODULE.test(id)) return undefined;
      // A renamed or rewritten flag would otherwise give a development build without its warnings.
      if (!code.includes(OFF)) this.error(`${id} no longer holds "${OFF}"`);
      return { code: code.replace(OFF, ON), map: null };
    },
  };
}
