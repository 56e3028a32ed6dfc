/**
 * Where a command of `pay-checkout` writes its lines: standard output and standard error in
 * bin/pay-checkout.js, arrays in tests. Its own module because both src/cli.ts and the commands
 * it loads (src/sandbox/cli/serve.ts, src/relay/serve.ts) need it, and imports run one way.
 */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}
