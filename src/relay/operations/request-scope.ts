/**
 * The relay's context as one request sees it: the same options, with `onError` carrying the
 * request's id, so a failure reported while answering (or later, by the request's event
 * stream) can be matched with the request's log line and its `X-Request-Id`.
 */
import type { RelayContext } from '../context.js';

export function requestScoped(context: RelayContext, requestId: string | undefined): RelayContext {
  if (requestId === undefined) return context;
  const { onError } = context.options;
  return { ...context, requestId, options: { ...context.options, onError: (error, details) => onError(error, { requestId, ...details }) } };
}
