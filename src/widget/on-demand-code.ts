/**
 * Code the widget fetches only when a buyer needs it (the payment attempt, the order's live
 * status, the sandbox's 3-D Secure provider, the e-mail typo check), as a loader that fetches it
 * once and shares it.
 */

/** A loader of on-demand code: call it to fetch the code; `value` is the code once it has come. */
export interface LazyCode<T> {
  (): Promise<T>;
  readonly value: T | undefined;
}

/**
 * `load` run at the first call and its promise shared by the next ones; a failed load (the
 * buyer went offline) is forgotten, so the next call fetches again.
 */
export function lazyCode<T>(load: () => Promise<T>): LazyCode<T> {
  let loading: Promise<T> | undefined;
  const loader = Object.assign(
    () =>
      (loading ??= load().then(
        (value) => (loader.value = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    { value: undefined as T | undefined },
  );
  return loader;
}

