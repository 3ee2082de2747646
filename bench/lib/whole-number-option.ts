/** The positive whole number after `name` in a benchmark's arguments, or `fallback` when the option is absent. */
export function wholeNumberOption(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} needs a positive whole number`);
  return value;
}
