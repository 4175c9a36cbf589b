// Medians for noisy samples, and a ratio taken per round before the median, so a slow round
// (another process on the machine) moves both sides of the ratio together (as tools/client-bench).

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each round's `top[i] / bottom[i]`, and their median. */
export function pairedRatio(top: readonly number[], bottom: readonly number[]): { median: number; perRound: number[] } {
  const perRound = top.map((value, i) => value / bottom[i]!);
  return { median: median(perRound), perRound };
}
