/**
 * Runs a test page module inside an iframe whose document carries a strict Content Security
 * Policy, and answers the result the page posts back (`{ type: messageType, ... }`). The frame
 * is removed once the result is in, or the wait failed.
 */
export async function resultOfStrictCspPage<Result>({
  policy,
  pageModule,
  messageType,
  extraHead = '',
}: {
  policy: string;
  /** The page's script, served by the test server, e.g. `/test/widget/x/strict-csp-page.ts`. */
  pageModule: string;
  messageType: string;
  /** More `<head>` markup for the page (settings it reads from `<meta>` tags). */
  extraHead?: string;
}): Promise<Result> {
  const frame = document.createElement('iframe');
  const result = new Promise<Result>((resolve) => {
    window.addEventListener('message', function onMessage(event: MessageEvent) {
      if (event.source !== frame.contentWindow || event.data?.type !== messageType) return;
      window.removeEventListener('message', onMessage);
      resolve(event.data as Result);
    });
  });
  frame.title = 'Strict CSP page';
  frame.srcdoc = `<!doctype html><html lang="pt-BR"><head>
    <meta http-equiv="Content-Security-Policy" content="${policy}">
    ${extraHead}
    <title>Strict CSP page</title>
    <script type="module" src="${pageModule}"></script>
    </head><body></body></html>`;
  document.body.append(frame);
  try {
    return await result;
  } finally {
    frame.remove();
  }
}
