/**
 * The relay's context as one request sees it: the same options, with `onError` carrying the
 * request's id, so a failure reported while answering (or later, by the request's event
 * stream) can be matched with the request's log line and its `X-Request-Id`.
 */
import type { RelayContext } from '../context.js';
import type { RelayErrorDetails } from '../options.js';

export function requestScoped(context: RelayContext, requestId: string | undefined): RelayContext {
  if (requestId === undefined) return context;
  const { onError } = context.options;
  // The other options are read through the prototype, not copied: some thirty of them on every request.
  const options: RelayContext['options'] = Object.create(context.options);
  options.onError = (error: unknown, details?: RelayErrorDetails) => onError(error, { requestId, ...details });
  return { ...context, requestId, options };
}
