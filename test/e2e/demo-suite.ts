/**
 * The demo for the tests of one `describe`: started before them and closed after them, the
 * sandbox reset before each test, and each browser context a test opens closed when it ends.
 */
import { after, afterEach, before, beforeEach } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { resetSandbox } from './checkout-driver.js';
import { openCheckout, startDemo, type Demo, type DemoOptions, type OpenOptions } from './demo-harness.js';

export interface DemoSuite {
  /** The running demo, from the suite's `before` on. */
  readonly demo: Demo;
  /** {@link openCheckout} on the suite's demo, its context closed when the test ends. */
  open(options?: OpenOptions): ReturnType<typeof openCheckout>;
  /** Closes `context` when the test ends, like the ones `open` makes; answers it. */
  keep(context: BrowserContext): BrowserContext;
}

export function demoSuite(options: DemoOptions = {}): DemoSuite {
  let demo: Demo | undefined;
  const contexts = new Set<BrowserContext>();
  const closeContexts = async () => {
    const open = [...contexts];
    contexts.clear();
    await Promise.all(open.map((context) => context.close()));
  };
  before(async () => {
    demo = await startDemo(options);
  });
  after(async () => {
    await closeContexts();
    await demo?.close();
  });
  beforeEach(() => resetSandbox(demo!.url));
  afterEach(closeContexts);
  return {
    get demo() {
      return demo!;
    },
    async open(openOptions) {
      const opened = await openCheckout(demo!, openOptions);
      contexts.add(opened.context);
      return opened;
    },
    keep(context) {
      contexts.add(context);
      return context;
    },
  };
}
