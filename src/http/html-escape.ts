/**
 * Text made safe for HTML content and attribute values: what the sandbox's pages and the relay's
 * preload tags write into HTML.
 */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` with `&`, `<`, `>`, `"` and `'` written as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}
