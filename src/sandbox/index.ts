/**
 * The sandbox part's public entry: a local stand-in of the Public API, as a fetch handler
 * (`createSandbox`) to mount in-process, or on a port (`serveSandbox`). Node only.
 * How to use it, its credentials, test cards and controls: docs/sandbox.md.
 */
export { createSandbox } from './sandbox.js';
export type { RequestInfo, Sandbox, SandboxOptions } from './sandbox.js';
export { serveSandbox } from './serve.js';
export type { ServedSandbox, ServeSandboxOptions } from './serve.js';
export { DEFAULT_SANDBOX_HOST, DEFAULT_SANDBOX_PORT } from './cli-options.js';
export { DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY, defaultFixture } from './fixture.js';
export { InvalidFixtureFileError, loadFixtureFile, parseFixture } from './fixture-file.js';
export type { FixtureParse, FixtureProblems } from './fixture-file.js';
export type { SandboxClock } from './clock.js';
export type { SandboxWorld } from './world.js';
export type {
  BankingAccountState,
  SandboxAccount,
  SandboxAffiliate,
  SandboxApiKey,
  SandboxCheckout,
  SandboxFixture,
  SandboxOffer,
  SandboxOrder,
  SandboxProduct,
  SandboxPublicKey,
} from './state.js';
