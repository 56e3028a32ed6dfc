/**
 * The card path's code, which the script-tag build fetches as one chunk when the buyer picks a card
 * (vite.build-cdn.config.ts, "card-fields"): the card form, the card's result view, the API's card
 * tokenizer, the anti-fraud profiler's script loader and the billing address that 3-D Secure asks
 * for. Every loader imports it through this one module, so the chunk's own exports answer the
 * `import()`: through the modules' own imports, each would need a module object built at run time,
 * with the bundler's helper for it in a file of its own, and each module's every export kept for
 * that object. The address travels with the card form although a card charged without 3-D Secure
 * never shows it: as a file of its own it cost the 3-D Secure path about half a kilobyte more than
 * its own size (a file's compression starts afresh), and that path is the heaviest
 * (docs/performance.md).
 */
export { PayCardFields } from './card-fields.js';
export { PayCardResult } from '../results/card-result/card-result.js';
export { createApiCardTokenizer } from '../providers/card-tokenizer.js';
export { loadSandboxProfiler } from '../providers/profiler-script.js';
export { PayAddressFields } from '../address/address-fields.js';
