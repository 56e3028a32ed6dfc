// Runs before `npm test`: makes sure the programs the tests need are on the machine.
// Where one is missing and we are root on Debian, it is installed with apt-get; otherwise
// the run stops with a message saying how to install it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium, findNginx, findRedisServer } from './executables.js';
import { ensureReact18 } from './react-18.js';

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
let aptUpdated = false;

function aptInstall(pkg) {
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    aptUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function ensure(name, found, pkg, hint) {
  if (found()) return;
  if (isRoot && hasApt) {
    console.log(`pretest: ${name} is missing; installing the Debian package "${pkg}"`);
    aptInstall(pkg);
    if (found()) return;
  }
  console.error(`pretest: ${name} was not found. ${hint}`);
  process.exit(1);
}

ensure(
  'Chromium',
  findChromium,
  'chromium',
  'Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a Chromium or Chrome executable.',
);

ensure(
  'redis-server',
  findRedisServer,
  'redis-server',
  'Install it (Debian/Ubuntu: `sudo apt-get install redis-server`) or set REDIS_SERVER_PATH to a redis-server executable.',
);

ensure(
  'nginx',
  findNginx,
  'nginx',
  'Install it (Debian/Ubuntu: `sudo apt-get install nginx`) or set NGINX_PATH to an nginx executable.',
);

ensureReact18();
