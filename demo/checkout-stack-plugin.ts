/**
 * The vite plugin behind `npm start`: one process serves the demo page and runs the checkout's
 * whole back end (demo/stack.ts: the sandbox on its own loopback port, the relay mounted on the
 * page's server). The stack starts once vite listens, because the relay must know the page's
 * real origin (vite takes the next free port when 5173 is busy) to allow its requests and to
 * receive the sandbox's webhooks.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { tsImport } from 'tsx/esm/api';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import { demoContentSecurityPolicy } from './content-security-policy.js';
import type { CheckoutStack, CheckoutStackOptions } from './stack.js';

/** Options of {@link checkoutStackPlugin}. */
export interface CheckoutStackPluginOptions {
  /** Where the relay is mounted on the page's server, e.g. `/checkout`. */
  relayPath: string;
  /** How long the relay caches offers, products and fees; short, so account changes show at the next load. */
  configTtlMs?: number;
}

interface RunningStack {
  stack: CheckoutStack;
  pageUrl: string;
  contentSecurityPolicy: string;
}

interface SandboxCredentials {
  DEFAULT_API_KEY: { clientId: string; clientSecret: string };
  DEFAULT_PUBLIC_KEY: { clientId: string };
}

type StartCheckoutStack = (options: CheckoutStackOptions) => Promise<CheckoutStack>;

/** `?csp=off` serves the page without the policy, to tell a CSP problem from any other. */
function wantsPolicy(req: IncomingMessage): boolean {
  const url = new URL(req.url ?? '/', 'http://page.invalid');
  const isPage = url.pathname === '/' || url.pathname.endsWith('.html');
  return req.method === 'GET' && isPage && url.searchParams.get('csp') !== 'off';
}

/**
 * The relay lets a browser keep `GET config` for a minute: a shop's account does not change
 * between two page loads. The demo changes it between two checkouts (fees registration
 * pending, say), so the page must ask the relay every time. The relay's listener answers with
 * `writeHead(status, headers)`, headers named in lower case.
 */
function refuseBrowserCaching(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (statusCode: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  res.writeHead = ((statusCode: number, headers?: OutgoingHttpHeaders) =>
    writeHead(statusCode, { ...headers, 'cache-control': 'no-store' })) as ServerResponse['writeHead'];
}

/** `vite` (the dev server) or `vite preview` (the page's production build, from `vite build`). */
type DemoServer = ViteDevServer | PreviewServer;

/** The page's URL once vite listens: the first local URL vite resolved (it has the real port). */
function listeningUrl(server: DemoServer): Promise<string> {
  const { httpServer } = server;
  if (!httpServer) return Promise.reject(new Error('the checkout stack needs vite to run its own HTTP server (not middleware mode)'));
  return new Promise((resolve, reject) => {
    // The dev server sets resolvedUrls in a `listening` listener it prepends; the preview server
    // once its listen resolves, a few microtasks after the event. Both are done by the next turn.
    httpServer.once('listening', () => {
      setImmediate(() => {
        const url = server.resolvedUrls?.local[0];
        if (url) resolve(url);
        else reject(new Error('vite resolved no local URL for the demo page'));
      });
    });
  });
}

async function startStack(server: DemoServer, options: CheckoutStackPluginOptions): Promise<RunningStack> {
  const pageUrl = await listeningUrl(server);
  const pageOrigin = new URL(pageUrl).origin;
  // Loaded through tsx like the pay-checkout command: the stack is the sandbox's and relay's
  // TypeScript, which vite's config bundler should not have to bundle.
  const { startCheckoutStack } = (await tsImport('./stack.ts', import.meta.url)) as { startCheckoutStack: StartCheckoutStack };
  const stack = await startCheckoutStack({
    relayPath: options.relayPath,
    pageOrigin,
    ...(options.configTtlMs === undefined ? {} : { configTtlMs: options.configTtlMs }),
  });
  return { stack, pageUrl, contentSecurityPolicy: demoContentSecurityPolicy({ pageOrigin, sandboxOrigin: stack.sandbox.url }) };
}

async function printAddresses(server: DemoServer, running: RunningStack, relayPath: string): Promise<void> {
  const { DEFAULT_API_KEY, DEFAULT_PUBLIC_KEY } = (await tsImport('../src/sandbox/index.ts', import.meta.url)) as SandboxCredentials;
  const { info } = server.config.logger;
  info(`  pay-checkout demo: ${running.pageUrl}  (Ctrl+C stops it)`);
  info(`    sandbox ${running.stack.sandbox.url}  ·  relay ${new URL(relayPath, running.pageUrl).href}  ·  QA guide docs/demo.md`);
  info(
    `    test credentials: client_id ${DEFAULT_API_KEY.clientId}  client_secret ${DEFAULT_API_KEY.clientSecret}` +
      `  ·  X-client-id ${DEFAULT_PUBLIC_KEY.clientId}  ·  card 4111 1111 1111 1111, 3DS code 1234\n`,
  );
}

/**
 * Starts the checkout stack (sandbox + relay) with vite's server and mounts it in front of
 * vite's own middlewares: the relay under `relayPath`, the sandbox's test controls under
 * `/__sandbox/`. The demo page is served with a strict Content-Security-Policy. Replaces vite's
 * URL banner with the demo's; closes the stack when the server closes, on SIGINT and SIGTERM.
 * The same for `vite` (the sources, as `npm start` serves them) and `vite preview` (the page's
 * production build, `vite build`'s output in dist/demo).
 */
export function checkoutStackPlugin(options: CheckoutStackPluginOptions): Plugin {
  let running: Promise<RunningStack> | undefined;
  let removeSignalHandlers: (() => void) | undefined;

  const mount = (server: DemoServer): void => {
    const started = startStack(server, options);
    running = started;
    started.catch((error: unknown) => {
      server.config.logger.error(`pay-checkout demo: the sandbox and relay could not start: ${String(error)}`);
      void server.close().finally(() => process.exit(1));
    });

    server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
      started.then(({ stack, contentSecurityPolicy }) => {
        if ((req.url ?? '').startsWith(`${options.relayPath}/config`)) refuseBrowserCaching(res);
        if (stack.handle(req, res)) return;
        if (wantsPolicy(req)) res.setHeader('Content-Security-Policy', contentSecurityPolicy);
        next();
      }, next);
    });

    server.printUrls = () => {
      started.then((stack) => printAddresses(server, stack, options.relayPath)).catch(() => undefined);
    };

    const stop = (signal: NodeJS.Signals) => {
      server.config.logger.info(`pay-checkout demo stopping (${signal})`);
      void server.close().finally(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    removeSignalHandlers = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
  };

  const close = async (): Promise<void> => {
    removeSignalHandlers?.();
    const closing = running;
    running = undefined;
    if (!closing) return;
    const { stack } = await closing.catch(() => ({ stack: undefined }));
    await stack?.close();
  };

  return {
    name: 'pay-checkout-stack',
    apply: 'serve',
    configureServer: mount,
    configurePreviewServer: mount,
    // Called when vite closes (Ctrl+C, SIGTERM, end of input) and before a restart, which runs
    // configureServer again with a new stack.
    closeServer: close,
    closePreviewServer: close,
  };
}
