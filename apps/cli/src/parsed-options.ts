import { usageError } from './cli-error.ts';

type OptionValue = string | boolean | (string | boolean)[] | undefined;

/** Typed access to a command's parsed options; bad values become usage errors naming the option. */
export class ParsedOptions {
  readonly #values: Record<string, OptionValue>;

  constructor(values: Record<string, OptionValue>) {
    this.#values = values;
  }

  flag(name: string): boolean {
    return this.#values[name] === true;
  }

  string(name: string): string | undefined {
    const value = this.#values[name];
    if (Array.isArray(value)) return typeof value.at(-1) === 'string' ? (value.at(-1) as string) : undefined;
    return typeof value === 'string' ? value : undefined;
  }

  /** All values of a repeatable option; comma-separated lists are split too (`--db A,B`). */
  strings(name: string): string[] {
    const value = this.#values[name];
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return list
      .filter((v): v is string => typeof v === 'string')
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v.length > 0);
  }

  integer(name: string, bounds: { min?: number; max?: number } = {}): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    const value = Number(text);
    const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = bounds;
    if (!Number.isInteger(value) || value < min || value > max) {
      throw usageError(`--${name} must be a whole number from ${min} to ${max}, not "${text}"`);
    }
    return value;
  }

  number(name: string, bounds: { min?: number; max?: number } = {}): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    const value = Number(text);
    const { min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY } = bounds;
    if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
      throw usageError(`--${name} must be a number from ${min} to ${max}, not "${text}"`);
    }
    return value;
  }

  /** One of a fixed set of words, e.g. `--format tsv|csv|sdf`. */
  choice<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(text)) throw usageError(`--${name} must be one of ${allowed.join(', ')}, not "${text}"`);
    return text as T;
  }
}
