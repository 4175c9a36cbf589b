// Small statistics for noisy samples: medians, and ratios taken per round before the median, so
// a slow round (another process on the machine) moves both sides of a ratio together.

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median of `top[i] / bottom[i]` over the rounds both have. */
export function pairedRatio(top: readonly number[], bottom: readonly number[]): number {
  const n = Math.min(top.length, bottom.length);
  return median(Array.from({ length: n }, (_, i) => top[i]! / bottom[i]!));
}
