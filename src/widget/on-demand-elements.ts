/**
 * The elements a buyer needs only after paying, or only for some methods: the card form, the
 * three result views, the 3-D Secure challenge dialog and its billing address. Each is registered by its own module, fetched the first
 * time it is needed, so the script-tag build's first chunk holds only the form. In the npm
 * build `define.js` imports them all at once, and loading one here costs nothing. The card form,
 * the card's view and the billing address, and the sandbox's 3-D Secure dialog and provider, are
 * each imported through their path's one module (card-code.ts, three-d-secure-code.ts), as every
 * loader of that code is. The billing address is not with the sandbox's 3-D Secure code: a shop's
 * own 3-D Secure provider needs it too.
 */
import type { ReactiveControllerHost } from 'lit';

const LOADERS = {
  'pay-card-fields': () => import('./card/card-code.js'),
  // The view is fetched before the order it shows (while the buyer fills the form), and asks for its QR encoder
  // then, rather than once there is a code to draw, so it draws the code in its first render. A failed fetch is
  // tried again by the view.
  'pay-pix-result': () => import('./results/pix-result/pix-result.js').then((view) => view.PayPixResult.preloadQr()),
  'pay-boleto-result': () => import('./results/boleto-result/boleto-result.js'),
  'pay-card-result': () => import('./card/card-code.js'),
  'pay-3ds-dialog': () => import('./three-d-secure/three-d-secure-code.js'),
  'pay-address-fields': () => import('./card/card-code.js'),
} as const;

/** The tag of an element registered on demand. */
export type OnDemandTag = keyof typeof LOADERS;

export const ON_DEMAND_TAGS = Object.keys(LOADERS) as OnDemandTag[];

const loads = new Map<OnDemandTag, Promise<void>>();

/**
 * Registers `tag`, fetching its module the first time. Concurrent callers share one fetch; a
 * failed fetch (the buyer went offline) is forgotten, so the next call tries again.
 */
export function loadElement(tag: OnDemandTag): Promise<void> {
  let load = loads.get(tag);
  if (!load) {
    load = LOADERS[tag]().then(() => undefined);
    load.catch(() => loads.delete(tag));
    loads.set(tag, load);
  }
  return load;
}

/**
 * Registers each on-demand element as soon as the page itself uses it (a `<pay-pix-result>`
 * placed by the shop, now or later), and stops watching once all are registered. Elements
 * inside the checkout's shadow root are not seen here: the checkout loads those itself.
 */
export function loadWhenUsed(document: Document): void {
  const waiting = new Set(ON_DEMAND_TAGS);
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach((node) => node instanceof Element && look(node));
  });
  // A shop's page may change its DOM often: one query per added subtree, whatever the number of tags.
  function look(node: Element | Document): void {
    if (waiting.size === 0) return;
    const found = [...node.querySelectorAll([...waiting].join(','))].map((element) => element.localName as OnDemandTag);
    if (node instanceof Element && waiting.has(node.localName as OnDemandTag)) found.push(node.localName as OnDemandTag);
    for (const tag of found) {
      if (!waiting.delete(tag)) continue;
      loadElement(tag).catch(() => {
        // Offline at that moment: the element waits for the next time it is added.
        waiting.add(tag);
        watch();
      });
    }
    if (waiting.size === 0) observer.disconnect();
  }
  const watch = () => observer.observe(document, { childList: true, subtree: true });
  watch();
  look(document);
}

/** Where an on-demand element stands for the element that shows it. */
export type OnDemandStatus = 'loading' | 'ready' | 'failed';

/**
 * Loads the on-demand elements an element renders and updates it when one is registered or
 * could not be fetched; `retry` tries a failed one again.
 */
export class OnDemandElements {
  private readonly host: ReactiveControllerHost;
  private readonly statuses = new Map<OnDemandTag, OnDemandStatus>();

  constructor(host: ReactiveControllerHost) {
    this.host = host;
  }

  /** Starts loading `tag` unless it is loaded or on its way, and answers where it stands. */
  require(tag: OnDemandTag): OnDemandStatus {
    const known = this.statuses.get(tag);
    if (known && known !== 'failed') return known;
    if (customElements.get(tag)) {
      this.statuses.set(tag, 'ready');
      return 'ready';
    }
    if (known === 'failed') return known;
    this.fetch(tag);
    return 'loading';
  }

  /** Tries again to fetch an element that could not be. */
  retry(tag: OnDemandTag): void {
    this.fetch(tag);
    this.host.requestUpdate();
  }

  private fetch(tag: OnDemandTag): void {
    this.statuses.set(tag, 'loading');
    loadElement(tag).then(
      () => this.settle(tag, 'ready'),
      () => this.settle(tag, 'failed'),
    );
  }

  private settle(tag: OnDemandTag, status: OnDemandStatus): void {
    this.statuses.set(tag, status);
    this.host.requestUpdate();
  }
}
