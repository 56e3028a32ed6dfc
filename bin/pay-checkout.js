#!/usr/bin/env node
// Runs the command line from the TypeScript sources through tsx's loader.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
