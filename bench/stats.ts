/** Order statistics of a benchmark's samples (milliseconds or any unit). */

/** The value at quantile `q` (0..1) of `samples`, nearest-rank. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) throw new Error('quantile of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export const median = (samples: readonly number[]): number => quantile(samples, 0.5);
export const p99 = (samples: readonly number[]): number => quantile(samples, 0.99);

/** `12.3 ms` */
export const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
/** `13.5 s` */
export const seconds = (milliseconds: number): string => `${(milliseconds / 1000).toFixed(1)} s`;
/** `1.0 KB` in KB of 1,000 bytes, as the size section. */
export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;
/** `2.45x` */
export const ratio = (ours: number, theirs: number): string => `${(ours / theirs).toFixed(2)}x`;
