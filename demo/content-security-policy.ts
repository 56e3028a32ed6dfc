/**
 * The Content-Security-Policy the demo page is served with: the strict policy of docs/widget.md
 * ("Security"), so every run of the demo proves the checkout needs no inline script, no inline
 * style, no `eval` and no HTML parsing of strings. Node-side: the vite plugin sends it.
 */

/** Where the page and the sandbox live. */
export interface DemoPolicyOrigins {
  /** The demo page's origin, e.g. `http://127.0.0.1:5173`. */
  pageOrigin: string;
  /** The sandbox's origin: its profiler script, card tokens, 3DS sessions and challenge page. */
  sandboxOrigin: string;
}

/** The header's value, directives joined with `; `. */
export function demoContentSecurityPolicy({ pageOrigin, sandboxOrigin }: DemoPolicyOrigins): string {
  // vite's hot-reload channel is a WebSocket to the page's own host and port.
  const hotReload = pageOrigin.replace(/^http/, 'ws');
  const directives = [
    "default-src 'none'",
    `script-src 'self' ${sandboxOrigin}`,
    `connect-src 'self' ${hotReload} ${sandboxOrigin}`,
    `frame-src ${sandboxOrigin}`,
    // The page's own stylesheet; the widget's styles are constructable stylesheets, which CSP does not gate.
    "style-src 'self'",
    // The product image of the relay's configuration: the producer's, on any https host, or
    // one the sandbox draws (the demo's API).
    `img-src 'self' ${sandboxOrigin} https: data:`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "require-trusted-types-for 'script'",
    // lit-html: Lit's own policy; pay-checkout-profiler: the sandbox profiler's script URL.
    'trusted-types lit-html pay-checkout-profiler',
  ];
  return directives.join('; ');
}
