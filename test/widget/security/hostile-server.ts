// What the server-strings test needs: a relay and an API that answer hostile strings, and a
// look at every shadow tree for markup such a string would have made had it been parsed as HTML.
import { waitUntil } from '@open-wc/testing';

/** Strings a compromised or careless server could send: parsed as HTML, each makes an element (and the image runs its handler). */
export const HOSTILE_STRINGS = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=2</script>',
] as const;

/** A JSON body, changed in place. */
export type JsonBody = Record<string, any>;

/** What the server is made to say, by the path of the request (`/relay/charges`, `/public_api/card-tokens/`). */
export interface HostileRewrites {
  /**
   * Changes the body the widget sends before it leaves, so the real relay or API refuses it and
   * answers in its own error form (the messages are then made hostile by `answer`).
   */
  request?: (path: string, body: JsonBody) => void;
  /** Changes the real answer's JSON body in place, as a hostile server would have written it. */
  answer?: (path: string, body: JsonBody, status: number) => void;
}

/**
 * Wraps `window.fetch`: the widget's requests still go to the test page's relay and sandbox, and
 * their real answers come back with `rewrites` applied. `rewritten` lists the paths of the
 * answers that went through `answer`, so a test knows its hostile strings were really served.
 */
export function serveHostile(rewrites: HostileRewrites): { rewritten: string[]; restore: () => void } {
  const original = window.fetch;
  const rewritten: string[] = [];
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(input instanceof Request ? input.url : String(input), location.href).pathname;
    let sent = init;
    if (rewrites.request && typeof init.body === 'string') {
      const body = JSON.parse(init.body) as JsonBody;
      rewrites.request(path, body);
      sent = { ...init, body: JSON.stringify(body) };
    }
    const response = await original.call(window, input, sent);
    if (!rewrites.answer || !(response.headers.get('Content-Type') ?? '').includes('json')) return response;
    const body = (await response.json()) as JsonBody;
    rewrites.answer(path, body, response.status);
    rewritten.push(path);
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    headers.delete('Content-Encoding');
    return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
  };
  return { rewritten, restore: () => (window.fetch = original) };
}

/** The document and every shadow root under it, at any depth. */
export function everyRoot(root: Document | ShadowRoot = document): Array<Document | ShadowRoot> {
  const roots: Array<Document | ShadowRoot> = [root];
  for (const element of root.querySelectorAll('*')) if (element.shadowRoot) roots.push(...everyRoot(element.shadowRoot));
  return roots;
}

/**
 * Elements a hostile string would have made had the widget parsed it: any element with an
 * inline `onerror`, any image but the widget's own product image, any `<script>` in a shadow
 * tree (the test page's document has scripts of its own).
 */
export function injectedElements(): string[] {
  return everyRoot().flatMap((root) =>
    [
      ...root.querySelectorAll('[onerror], img:not([part="product-image"])'),
      ...(root instanceof ShadowRoot ? root.querySelectorAll('script') : []),
    ].map((element) => element.outerHTML),
  );
}

/** Whether a hostile string's script ran. */
export function scriptRan(): boolean {
  return (window as { __xss?: unknown }).__xss !== undefined;
}

/**
 * Lets an `<img src=x onerror>`, had one been made, fail to load and run its handler before
 * `scriptRan()` is read: the image's error comes after a round trip to the test server.
 */
export async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
}

/** The element `input`'s `aria-describedby` points at with an error: the message shown beside the field. */
export async function describedError(input: HTMLElement, root: ShadowRoot): Promise<string> {
  await waitUntil(() => input.getAttribute('aria-invalid') === 'true', `${input.getAttribute('name') ?? input.id} was not marked invalid`);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => root.getElementById(id)).find((element) => element?.getAttribute('part')?.split(' ').includes('error'))?.textContent?.trim() ?? '';
}
