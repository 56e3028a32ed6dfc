/**
 * Code the checkout fetches only when a buyer needs it (the payment attempt, the order's live
 * status, the sandbox's 3-D Secure provider), as a loader that fetches it once and shares it.
 */

/**
 * `load` run at the first call and its promise shared by the next ones; a failed load (the
 * buyer went offline) is forgotten, so the next call fetches again.
 */
export function lazyCode<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
