/** The positive whole number after `name` in a benchmark's arguments, or `fallback` when the option is absent. */
export function wholeNumberOption(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} needs a positive whole number`);
  return value;
}

/**
 * The positive whole numbers of a comma-separated option's value, none for an empty one: a value such as
 * `''` quoted twice reached the benchmark as NaN rows and failed only after minutes of preparation.
 */
export function wholeNumberList(name: string, value: string): number[] {
  return value.split(',').filter(Boolean).map((entry) => {
    const number = Number(entry);
    if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} needs positive whole numbers separated by commas, not ${JSON.stringify(entry)}`);
    return number;
  });
}
