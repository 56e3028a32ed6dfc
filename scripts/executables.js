// Finds the system programs the tests drive. The test tools must not download their own
// (this project's machines reach only the npm and Debian registries), so the tests use the
// system's: an environment variable first, then the usual Debian/Ubuntu locations.
import { accessSync, constants } from 'node:fs';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findExecutable(variable, candidates) {
  const fromEnv = process.env[variable];
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  return candidates.find(isExecutable);
}

/** @returns {string | undefined} Chromium (or Chrome): CHROME_PATH, then /usr/bin. */
export function findChromium() {
  return findExecutable('CHROME_PATH', [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ]);
}

/** @returns {string | undefined} redis-server: REDIS_SERVER_PATH, then /usr/bin and /usr/local/bin. */
export function findRedisServer() {
  return findExecutable('REDIS_SERVER_PATH', ['/usr/bin/redis-server', '/usr/local/bin/redis-server']);
}

/** @returns {string | undefined} nginx: NGINX_PATH, then /usr/sbin (Debian's package) and /usr/local/sbin. */
export function findNginx() {
  return findExecutable('NGINX_PATH', ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']);
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
