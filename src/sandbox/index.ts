/**
 * The sandbox part's public entry: a local stand-in of the Public API, as a fetch handler
 * (`createSandbox`) to mount in-process, or on a port (`serveSandbox`). Node only.
 * How to use it, its credentials, test cards and controls: docs/sandbox.md.
 *
 * Beside this entry, `sandbox.ts` runs every request through the same steps and `routes.ts`
 * lists the routes. The rest is one folder per concern, each with a README.md: `world/` (state,
 * fixture, clock, webhook deliveries), `requests/` (routing, bodies, answers, tokens, limits,
 * faults), `documents/` (Pix codes, boletos, pages), `card/` (tokenization, 3-D Secure,
 * anti-fraud), `api/` (the Public API's endpoints), `controls/` (`/__sandbox/`) and `cli/`.
 */
export { createSandbox } from './sandbox.js';
export type { RequestInfo, Sandbox, SandboxOptions } from './sandbox.js';
export { serveSandbox } from './cli/serve.js';
export type { ServedSandbox, ServeSandboxOptions } from './cli/serve.js';
export { DEFAULT_SANDBOX_HOST, DEFAULT_SANDBOX_PORT } from './cli/cli-options.js';
export { DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY, defaultFixture } from './world/fixture.js';
export { InvalidFixtureFileError, loadFixtureFile, parseFixture } from './world/fixture-file.js';
export type { FixtureParse, FixtureProblems } from './world/fixture-file.js';
export type { SandboxClock } from './world/clock.js';
export type { SandboxWorld } from './world/world.js';
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
} from './world/state.js';
