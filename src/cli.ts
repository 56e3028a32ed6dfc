/**
 * `pay-checkout <command>`: the package's command line. The commands that start the
 * sandbox, the relay and the demo are registered here as each part lands.
 */
import { readFileSync } from 'node:fs';
import type { CliIo } from './cli-io.js';

interface Command {
  summary: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** The sub-commands this version has. Each loads its part only when run. */
const COMMANDS: Record<string, Command> = {
  sandbox: {
    summary: 'start a local stand-in of the Public API (docs/sandbox.md)',
    async run(args, io) {
      const { runSandboxCommand } = await import('./sandbox/cli/serve.js');
      return runSandboxCommand(args, io);
    },
  },
  relay: {
    summary: 'run the merchant relay the checkout widget talks to',
    async run(args, io) {
      const { runRelayCommand } = await import('./relay/serve.js');
      return runRelayCommand(args, io);
    },
  },
};

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}

function usage(): string[] {
  const names = Object.keys(COMMANDS);
  return [
    'Usage: pay-checkout <command> [options]',
    '',
    names.length > 0 ? 'Commands:' : 'This version has no commands yet.',
    ...names.map((name) => `  ${name.padEnd(10)} ${COMMANDS[name]!.summary}`),
    '',
    'Options:',
    '  -h, --help     show this help',
    '  -v, --version  print the version',
  ];
}

/** Runs the command line and answers the process exit code (2 for a usage error). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    usage().forEach((line) => io.out(line));
    return 0;
  }
  if (name === '-v' || name === '--version') {
    io.out(packageVersion());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`pay-checkout: unknown command "${name}"`);
    usage().forEach((line) => io.err(line));
    return 2;
  }
  return command.run(rest, io);
}
