/**
 * The list envelope and the pagination of the Public API's list endpoints
 * (public-api.md, Offer "List envelope"; supplement.md, "Lists, orders, products").
 *
 * Lists are paged by page number: `page` starts at 1 and `limit` sets the page size
 * (default 10; the maximum is not shown). `next` and `previous` are the URLs of the
 * neighbouring pages, or null at either end.
 */
import * as z from 'zod/mini';
import { LIST_FIRST_PAGE } from './constants.js';
import { httpUrl } from './formats.js';

/** An absolute http(s) URL, as the API writes `next` and `previous`. */

/**
 * The envelope every list endpoint answers with, around items of `itemSchema`.
 * Extra keys are stripped, as in every response schema: the API may add fields.
 */
export function listEnvelope<Item extends z.ZodMiniType>(itemSchema: Item) {
  return z.object({
    count: z.int().check(z.gte(0)),
    next: z.nullable(httpUrl),
    previous: z.nullable(httpUrl),
    results: z.array(itemSchema),
  });
}

/** A page of a list: the total `count`, the neighbouring page URLs and this page's items. */
export type ListEnvelope<Item> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
};

/** The pagination parameters of a list request; both may be left out (page 1, 10 per page). */
export const paginationQuery = z.object({
  page: z.optional(z.int().check(z.gte(LIST_FIRST_PAGE))),
  limit: z.optional(z.int().check(z.gte(1))),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

/**
 * The page number a `next` or `previous` URL points to, or `undefined` for null (no such
 * page). A URL without `page` is the first page: page-number pagination drops the
 * parameter from the link back to page 1. Throws on a URL whose `page` is not a whole
 * number of at least 1, since following it could loop or skip pages.
 */
export function pageNumberFromUrl(url: string | null): number | undefined {
  if (url === null) return undefined;
  if (!URL.canParse(url)) throw new TypeError(`URL de paginação inválida: ${url}`);
  const page = new URL(url).searchParams.get('page');
  if (page === null) return LIST_FIRST_PAGE;
  const number = Number(page);
  if (!/^\d+$/.test(page) || !Number.isSafeInteger(number) || number < LIST_FIRST_PAGE) {
    throw new RangeError(`Parâmetro page inválido na URL de paginação: ${url}`);
  }
  return number;
}
