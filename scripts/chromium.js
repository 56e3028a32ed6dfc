// Finds the Chromium that the browser tests drive. The test runner must not download a
// browser of its own (this project's machines reach only the npm and Debian registries),
// so it uses the system's: CHROME_PATH first, then the usual Debian/Ubuntu locations.
import { accessSync, constants } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @returns {string | undefined} the path of a Chromium executable, if one is installed. */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find(isExecutable);
}

/**
 * Flags for headless Chromium on a CI-like machine. As root Chromium refuses to start
 * without --no-sandbox; the rest stop it from calling home on a machine with no network.
 */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];
