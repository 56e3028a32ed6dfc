import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ReactiveController } from 'lit';
import { ConfigController } from '../../../src/widget/checkout/config-controller.js';
import type { CheckoutConfig } from '../../../src/widget/checkout/relay-connection.js';

const CONFIG = { offer: { id: '77BcHrY', name: 'Oferta', price: '97.00' } } as CheckoutConfig;

/** An element stand-in: counts updates, connects and disconnects like the DOM does. */
function fakeHost() {
  const controllers: ReactiveController[] = [];
  const host = {
    isConnected: false,
    updates: 0,
    addController: (controller: ReactiveController) => void controllers.push(controller),
    removeController: () => undefined,
    requestUpdate() {
      host.updates += 1;
    },
    updateComplete: Promise.resolve(true),
    connect() {
      host.isConnected = true;
      for (const controller of controllers) controller.hostConnected?.();
    },
    disconnect() {
      host.isConnected = false;
      for (const controller of controllers) controller.hostDisconnected?.();
    },
  };
  return host;
}

/** A loader whose loads the test settles by hand. */
function manualLoader() {
  const loads: { signal: AbortSignal; resolve: (config: CheckoutConfig) => void; reject: (error: unknown) => void }[] = [];
  const load = (signal: AbortSignal) =>
    new Promise<CheckoutConfig>((resolve, reject) => {
      loads.push({ signal, resolve, reject });
    });
  return { load, loads };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the config controller', () => {
  it('loads when connected and is ready with the configuration', async () => {
    const host = fakeHost();
    const { load, loads } = manualLoader();
    const ready: CheckoutConfig[] = [];
    const controller = new ConfigController(host, load, (config) => ready.push(config));
    assert.equal(controller.status, 'idle');
    host.connect();
    assert.equal(controller.status, 'loading');
    loads[0]!.resolve(CONFIG);
    await tick();
    assert.equal(controller.status, 'ready');
    assert.equal(controller.config, CONFIG);
    assert.deepEqual(ready, [CONFIG]);
    host.disconnect();
    host.connect();
    await tick();
    assert.equal(loads.length, 1, 'a second connection loads nothing again');
  });

  it('stays idle while there is nothing to load', () => {
    const host = fakeHost();
    const controller = new ConfigController(host, () => undefined, () => undefined);
    host.connect();
    assert.equal(controller.status, 'idle');
  });

  it('fails with the error, and loads again on reload', async () => {
    const host = fakeHost();
    const { load, loads } = manualLoader();
    const controller = new ConfigController(host, load, () => undefined);
    host.connect();
    const offline = new TypeError('Failed to fetch');
    loads[0]!.reject(offline);
    await tick();
    assert.equal(controller.status, 'failed');
    assert.equal(controller.error, offline);
    controller.reload();
    assert.equal(controller.status, 'loading');
    loads[1]!.resolve(CONFIG);
    await tick();
    assert.equal(controller.status, 'ready');
  });

  it('keeps loading through a move in the DOM', async () => {
    const host = fakeHost();
    const { load, loads } = manualLoader();
    const controller = new ConfigController(host, load, () => undefined);
    host.connect();
    host.disconnect();
    host.connect();
    await tick();
    assert.equal(loads[0]!.signal.aborted, false);
    assert.equal(loads.length, 1);
    loads[0]!.resolve(CONFIG);
    await tick();
    assert.equal(controller.status, 'ready');
  });

  it('aborts the load when removed, and loads again when connected later', async () => {
    const host = fakeHost();
    const { load, loads } = manualLoader();
    const controller = new ConfigController(host, load, () => undefined);
    host.connect();
    host.disconnect();
    await tick();
    assert.equal(loads[0]!.signal.aborted, true);
    loads[0]!.reject(new DOMException('aborted', 'AbortError'));
    await tick();
    assert.equal(controller.status, 'loading');
    host.connect();
    assert.equal(loads.length, 2);
    loads[1]!.resolve(CONFIG);
    await tick();
    assert.equal(controller.status, 'ready');
  });

  it('drops the answer of a load that a reload replaced', async () => {
    const host = fakeHost();
    const { load, loads } = manualLoader();
    const controller = new ConfigController(host, load, () => undefined);
    host.connect();
    controller.reload();
    assert.equal(loads[0]!.signal.aborted, true);
    const newer = { ...CONFIG, offer: { ...CONFIG.offer, id: 'FOTOprm' } };
    loads[1]!.resolve(newer);
    loads[0]!.resolve(CONFIG);
    await tick();
    assert.equal(controller.config, newer);
  });
});
