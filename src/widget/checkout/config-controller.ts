/**
 * Loads the checkout's configuration from the relay while the element is on the page: a
 * status the template switches on, an `AbortSignal` that ends a load nobody waits for any
 * more, and `reload()` for the retry button. A move in the DOM (disconnected and connected in
 * the same task) keeps the load going; a real removal aborts it, and the next connection
 * loads again.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CheckoutConfig } from './relay-connection.js';

/** Where the load stands: `idle` while there is nothing to ask (no relay or offer). */
export type ConfigStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** Loads the configuration, or rejects; undefined when there is nothing to load (no offer). */
export type ConfigLoader = (signal: AbortSignal) => Promise<CheckoutConfig> | undefined;

export class ConfigController implements ReactiveController {
  /** Where the load stands. */
  status: ConfigStatus = 'idle';
  /** The configuration, once `Ready`. */
  config: CheckoutConfig | undefined;
  /** Why the last load failed, once `Failed`. */
  error: unknown;

  private readonly host: ReactiveControllerHost & { readonly isConnected: boolean };
  private readonly loader: ConfigLoader;
  private readonly onReady: (config: CheckoutConfig) => void;
  private abort: AbortController | undefined;

  constructor(
    host: ReactiveControllerHost & { readonly isConnected: boolean },
    loader: ConfigLoader,
    onReady: (config: CheckoutConfig) => void,
  ) {
    this.host = host;
    this.loader = loader;
    this.onReady = onReady;
    host.addController(this);
  }

  hostConnected(): void {
    if (this.status === 'idle' || (this.status === 'loading' && !this.abort)) this.reload();
  }

  hostDisconnected(): void {
    // A move fires disconnected then connected synchronously: only a removal still stands a microtask later.
    queueMicrotask(() => {
      if (this.host.isConnected || !this.abort) return;
      this.abort.abort();
      this.abort = undefined;
    });
  }

  /** Loads (again), dropping any load in progress: the retry of the error state, or a new relay or offer. */
  reload(): void {
    this.abort?.abort();
    const abort = new AbortController();
    const loading = this.loader(abort.signal);
    // Nothing to load (no relay or offer) is the idle state, without a configuration.
    if (!loading) this.config = undefined;
    this.abort = loading && abort;
    this.status = loading ? 'loading' : 'idle';
    this.error = undefined;
    this.host.requestUpdate();
    loading?.then(
      (config) => {
        if (this.abort !== abort) return;
        this.abort = undefined;
        this.status = 'ready';
        this.config = config;
        this.onReady(config);
        this.host.requestUpdate();
      },
      (error: unknown) => {
        if (this.abort !== abort) return;
        this.abort = undefined;
        // The load was cut by a removal: the next connection starts it again.
        if (abort.signal.aborted) return;
        this.status = 'failed';
        this.error = error;
        this.host.requestUpdate();
      },
    );
  }
}
