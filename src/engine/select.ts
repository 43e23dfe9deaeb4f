/**
 * Order statistics without sorting: the k-th smallest value of a typed array in linear expected time.
 * The analysis takes percentiles of a few thousand values per line, and V8's typed-array sort costs tens
 * of nanoseconds per element; selection returns exactly the value a sort would put at index k.
 */

type Numbers = Float32Array | Float64Array;

/**
 * The value at index `k` of `values` sorted ascending. Reorders `values` (pass a scratch copy); NaN-free
 * input only.
 */
export function selectKth(values: Numbers, k: number, length = values.length): number {
  let lo = 0;
  let hi = length - 1;
  while (hi > lo) {
    // Median of three as the pivot keeps already-ordered runs (a smooth ground's residuals) linear.
    const mid = (lo + hi) >> 1;
    let a = values[lo]!;
    let b = values[mid]!;
    let c = values[hi]!;
    if (a > b) [a, b] = [b, a];
    if (b > c) [b, c] = [c, b];
    if (a > b) [a, b] = [b, a];
    const pivot = b;
    // Hoare partition: [lo, j] <= pivot <= [i, hi].
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i] = values[j]!;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k]!;
  }
  return values[k]!;
}
