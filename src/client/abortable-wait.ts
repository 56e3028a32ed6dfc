/**
 * Waits that the caller's `AbortSignal` cuts short: a retry's back-off, a pacing slot, a token
 * another caller is fetching. An abort rejects at once with the signal's reason (an `AbortError`
 * `DOMException` unless the caller gave another).
 */

/** The reason an aborted signal rejects with. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** Resolves after `ms` milliseconds, or rejects with the signal's reason when it aborts first. */
export function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The outcome of `work`, or the signal's reason when it aborts first. `work` itself goes on
 * (it may be shared with other callers, like the one token request in flight).
 */
export function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    // Handlers go on `work` even when the signal is already aborted, so its later failure is never unhandled.
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
