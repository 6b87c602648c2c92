/** The benchmarks' figures of a sample: the nearest-rank percentile (NaN for no sample), and the median. */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export const median = (xs: number[]) => percentile(xs, 50);
