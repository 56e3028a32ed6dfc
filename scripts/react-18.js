// React 18, beside the React 19 of the development dependencies: `<PayCheckout>` supports both,
// and the hydration test runs on each. npm cannot hold two majors of react as peers of one tree,
// so pretest installs React 18 into a folder of its own under node_modules/.cache, once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The exact versions tested: the last React 18. */
export const REACT_18_VERSION = '18.3.1';

/** Where React 18 is installed: `<dir>/node_modules/react` and `<dir>/node_modules/react-dom`. */
export const REACT_18_DIR = join(root, 'node_modules', '.cache', `pay-checkout-react-${REACT_18_VERSION}`);

/** @returns {{ react: string, reactDom: string }} the two packages' folders. */
export function react18Packages() {
  return { react: join(REACT_18_DIR, 'node_modules', 'react'), reactDom: join(REACT_18_DIR, 'node_modules', 'react-dom') };
}

/** @returns {boolean} whether React 18 is installed where the tests look for it. */
export function hasReact18() {
  const { react, reactDom } = react18Packages();
  return existsSync(join(react, 'package.json')) && existsSync(join(reactDom, 'package.json'));
}

/** Installs React 18 (from the npm registry, as `npm install` does) unless it is there. */
export function ensureReact18() {
  if (hasReact18()) return;
  console.log(`pretest: installing react@${REACT_18_VERSION} and react-dom@${REACT_18_VERSION} into ${REACT_18_DIR}`);
  mkdirSync(REACT_18_DIR, { recursive: true });
  writeFileSync(
    join(REACT_18_DIR, 'package.json'),
    `${JSON.stringify({ private: true, dependencies: { react: REACT_18_VERSION, 'react-dom': REACT_18_VERSION } }, null, 2)}\n`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts'], { cwd: REACT_18_DIR, stdio: 'inherit' });
  if (!hasReact18()) throw new Error(`pretest: React ${REACT_18_VERSION} was not installed into ${REACT_18_DIR}`);
}
