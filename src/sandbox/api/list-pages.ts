/**
 * Page-number pagination of the sandbox's list endpoints (public-api.md, Offer "List
 * envelope"; supplement, "Lists, orders, products": `page` from 1, `limit` default 10).
 *
 * The service pages the way its web framework (Django REST framework's page-number
 * pagination) does, and so does the sandbox: a `page` that is not a page of the list
 * (not a whole number, below 1, past the last page) answers 404 `Página inválida.`; `last`
 * names the last page; an unreadable or non-positive `limit` falls back to the default and
 * one above the maximum is cut to it. `next` and `previous` are absolute URLs of the same
 * request with only `page` changed; the link back to page 1 drops `page`.
 */
import { LIST_DEFAULT_LIMIT, LIST_FIRST_PAGE } from '../../contract/constants.js';
import type { ListEnvelope } from '../../contract/lists.js';
import { detailResponse } from '../requests/responses.js';

/** The largest page the sandbox serves. The spec does not show the service's maximum. */
export const LIST_MAX_LIMIT = 100;

/** The framework's answer, in pt-BR, to a page that does not exist. */
export const INVALID_PAGE_DETAIL = 'Página inválida.';

/** The query parameters pagination reads; list filters ignore them. */
export const PAGINATION_PARAMS = ['page', 'limit'] as const;

/** The last value of a query parameter, trimmed; an empty one counts as absent. */
function lastValue(params: URLSearchParams, name: string): string | undefined {
  const text = params.getAll(name).at(-1)?.trim();
  return text ? text : undefined;
}

/** A strictly positive whole number written in digits, or undefined. */
function positiveInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const number = Number(text);
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

/** The page size a request asks for, after the fallback and the cap. */
export function pageSizeOf(params: URLSearchParams): number {
  const asked = positiveInteger(lastValue(params, 'limit'));
  return asked === undefined ? LIST_DEFAULT_LIMIT : Math.min(asked, LIST_MAX_LIMIT);
}

/** `url` with `page` set to `page`, or without `page` for the first page, on `baseUrl`. */
function pageUrl(url: URL, baseUrl: string, page: number): string {
  const link = new URL(`${url.pathname}${url.search}`, baseUrl);
  if (page === LIST_FIRST_PAGE) link.searchParams.delete('page');
  else link.searchParams.set('page', String(page));
  return link.toString();
}

/**
 * One page of `items` (already filtered and ordered) for the request at `url`, in the
 * list envelope, or the 404 answer when the requested page does not exist. An empty list
 * still has its first page.
 */
export function paginate<Item>(items: readonly Item[], url: URL, baseUrl: string): ListEnvelope<Item> | Response {
  const limit = pageSizeOf(url.searchParams);
  const lastPage = Math.max(LIST_FIRST_PAGE, Math.ceil(items.length / limit));
  const pageText = lastValue(url.searchParams, 'page');
  const page = pageText === 'last' ? lastPage : pageText === undefined ? LIST_FIRST_PAGE : positiveInteger(pageText);
  if (page === undefined || page > lastPage) return detailResponse(404, INVALID_PAGE_DETAIL);
  const start = (page - LIST_FIRST_PAGE) * limit;
  return {
    count: items.length,
    next: page < lastPage ? pageUrl(url, baseUrl, page + 1) : null,
    previous: page > LIST_FIRST_PAGE ? pageUrl(url, baseUrl, page - 1) : null,
    results: items.slice(start, start + limit),
  };
}
