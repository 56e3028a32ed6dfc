/**
 * The issuer's challenge page URL, when it is a web page (`http:` or `https:`): the one check
 * both the provider (for the origin whose messages count) and the dialog (for the frame) make,
 * so a `javascript:` or `data:` URL never reaches the frame.
 */
export function challengePageUrl(url: string | undefined): URL | undefined {
  try {
    // No URL (`''`) is no page either: it does not parse.
    const parsed = new URL(url ?? '');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
