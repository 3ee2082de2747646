/**
 * A worker's memory of the last thing a request named by key: the tasks of one search arrive with the
 * same key, so what is built from the first (a prepared query, an embedder) serves the rest.
 */
export function lastByKey<T>(): (key: string, build: () => T) => T {
  let last: { key: string; value: T } | undefined;
  return (key, build) => {
    if (last?.key !== key) last = { key, value: build() };
    return last.value;
  };
}
