/**
 * Product and offer images of the default fixture, drawn by the sandbox: a coloured card
 * with the item's name. Serving them locally keeps demos and tests free of any host outside
 * the machine (the API answers absolute image URLs, so the fixture's paths are made absolute
 * against the sandbox's own URL).
 */
import type { Route } from '../requests/router.js';

/** A fixture image path (`/sandbox/images/…`) as the absolute URL the API answers. */
export function absoluteImageUrl(image: string, baseUrl: string): string {
  return image.startsWith('/') ? new URL(image, baseUrl).href : image;
}

const PALETTE = ['#0b5cad', '#8a3ffc', '#0f7b6c', '#b3261e', '#8a5a00', '#2f4858'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function imageOf(name: string, seed: string): string {
  const colour = PALETTE[[...seed].reduce((sum, character) => sum + character.charCodeAt(0), 0) % PALETTE.length]!;
  const label = escapeXml(name.length > 28 ? `${name.slice(0, 27)}…` : name);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480" role="img">',
    `<title>${label}</title>`,
    `<rect width="640" height="480" fill="${colour}"/>`,
    '<circle cx="320" cy="200" r="86" fill="none" stroke="#fff" stroke-width="14" opacity="0.85"/>',
    '<circle cx="320" cy="200" r="38" fill="#fff" opacity="0.85"/>',
    `<text x="320" y="380" font-family="system-ui, sans-serif" font-size="34" font-weight="600" fill="#fff" text-anchor="middle">${label}</text>`,
    '</svg>',
  ].join('');
}

/** `GET /sandbox/images/{id}.svg` for a product's `short_id` or an offer's `id`. */
export function sandboxImageRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/sandbox/images/:file',
      auth: 'none',
      handle({ params, world }) {
        const id = (params['file'] ?? '').replace(/\.svg$/, '');
        const product = [...world.products.values()].find((candidate) => candidate.short_id === id);
        const name = product?.name ?? world.offers.get(id)?.name;
        if (name === undefined) return new Response('Imagem não encontrada.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
        return new Response(imageOf(name, id), {
          headers: {
            'Content-Type': 'image/svg+xml',
            'Cache-Control': 'public, max-age=3600',
            'Cross-Origin-Resource-Policy': 'cross-origin',
            // An SVG opened on its own must not run anything.
            'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
          },
        });
      },
    },
  ];
}
