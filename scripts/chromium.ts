/**
 * How the tests and the benchmarks launch the system's Chromium (scripts/executables.js finds
 * it; that file stays plain JavaScript for scripts/pretest.js, which runs before anything else).
 */
// @ts-expect-error scripts/executables.js is plain JavaScript without types
import { CHROMIUM_ARGS, findChromium } from './executables.js';

/** Playwright's launch options for it; throws when there is none, saying how to get one. */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  const executablePath = (findChromium as () => string | undefined)();
  if (executablePath === undefined) {
    throw new Error('Chromium was not found: install Debian\'s chromium (npm test\'s pretest step does it as root) or set CHROME_PATH');
  }
  return { executablePath, args: CHROMIUM_ARGS as string[] };
}
