import type { Writable } from 'node:stream';

export interface ProgressBarOptions {
  /** What is happening, e.g. "Importing ENAMINE-REAL". */
  label: string;
  /** What is counted, plural, e.g. "molecules". */
  unit?: string;
  /** Expected count when known; otherwise pass a fraction to `update` (bytes read / file size is enough). */
  total?: number;
  /** Defaults to process.stderr, so progress never mixes with data on stdout. */
  stream?: Writable & { isTTY?: boolean; columns?: number };
  /** Redraw in place (true) or print a line now and then (false); defaults to whether the stream is a terminal. */
  interactive?: boolean;
  /** Minimum time between redraws on a terminal. */
  redrawMs?: number;
  /** Time between progress lines when not on a terminal (logs, CI). */
  lineEveryMs?: number;
  /** Clock in milliseconds; tests pass their own. */
  now?: () => number;
}

const BAR_WIDTH = 24;

/**
 * A progress bar for long CLI jobs: count, rate, percentage and ETA. On a terminal it redraws one line in
 * place (throttled); elsewhere it prints a plain line every `lineEveryMs`, so logs stay readable.
 */
export class ProgressBar {
  readonly #label: string;
  readonly #unit: string;
  readonly #total: number | undefined;
  readonly #stream: Writable & { isTTY?: boolean; columns?: number };
  readonly #interactive: boolean;
  readonly #redrawMs: number;
  readonly #lineEveryMs: number;
  readonly #now: () => number;
  readonly #started: number;
  #done = 0;
  #fraction: number | undefined;
  #lastDraw = Number.NEGATIVE_INFINITY;
  #drawn = false;
  #finished = false;

  constructor(options: ProgressBarOptions) {
    this.#label = options.label;
    this.#unit = options.unit ?? 'molecules';
    this.#total = options.total;
    this.#stream = options.stream ?? process.stderr;
    this.#interactive = options.interactive ?? this.#stream.isTTY === true;
    this.#redrawMs = options.redrawMs ?? 100;
    this.#lineEveryMs = options.lineEveryMs ?? 10_000;
    this.#now = options.now ?? (() => performance.now());
    this.#started = this.#now();
    // A log gets a first line at once, so a slow start is visibly alive.
    if (!this.#interactive) this.#lastDraw = this.#started - this.#lineEveryMs;
  }

  /** Sets the count done so far and, when the total is not known in items, the fraction done (0..1). */
  update(done: number, fraction?: number): void {
    this.#done = done;
    if (fraction !== undefined) this.#fraction = Math.min(1, Math.max(0, fraction));
    this.#maybeDraw();
  }

  increment(by = 1, fraction?: number): void {
    this.update(this.#done + by, fraction);
  }

  /** Writes a message line (a bad row, a warning) without tearing the bar. */
  log(line: string): void {
    if (this.#interactive && this.#drawn) this.#stream.write('\r\x1b[K');
    this.#stream.write(`${line}\n`);
    if (this.#interactive && this.#drawn && !this.#finished) this.#draw();
  }

  /** Replaces the bar with a final line: the count, time taken and average rate. */
  finish(message?: string): void {
    if (this.#finished) return;
    this.#finished = true;
    const elapsed = this.#elapsedSeconds();
    const summary = message ?? `${this.#label}: ${formatCount(this.#done)} ${this.#unit} in ${formatDuration(elapsed)} (${formatRate(this.#done, elapsed)} ${this.#unit}/s)`;
    if (this.#interactive && this.#drawn) this.#stream.write('\r\x1b[K');
    this.#stream.write(`${summary}\n`);
  }

  /** The current progress as one line of text. */
  render(): string {
    const elapsed = this.#elapsedSeconds();
    const fraction = this.#currentFraction();
    const parts = [this.#label];
    if (fraction !== undefined) parts.push(`${bar(fraction)} ${(fraction * 100).toFixed(1).padStart(5)}%`);
    parts.push(`${formatCount(this.#done)} ${this.#unit}`, `${formatRate(this.#done, elapsed)}/s`);
    if (fraction !== undefined && fraction > 0 && fraction < 1) parts.push(`ETA ${formatDuration((elapsed * (1 - fraction)) / fraction)}`);
    else parts.push(formatDuration(elapsed));
    return parts.join('  ');
  }

  #currentFraction(): number | undefined {
    if (this.#fraction !== undefined) return this.#fraction;
    if (this.#total !== undefined && this.#total > 0) return Math.min(1, this.#done / this.#total);
    return undefined;
  }

  #elapsedSeconds(): number {
    return Math.max(0, (this.#now() - this.#started) / 1000);
  }

  #maybeDraw(): void {
    if (this.#finished) return;
    const now = this.#now();
    const every = this.#interactive ? this.#redrawMs : this.#lineEveryMs;
    if (now - this.#lastDraw < every) return;
    this.#lastDraw = now;
    this.#draw();
  }

  #draw(): void {
    const text = this.render();
    if (!this.#interactive) {
      this.#stream.write(`${text}\n`);
      return;
    }
    const width = this.#stream.columns || 100;
    this.#stream.write(`\r${text.slice(0, Math.max(20, width - 1))}\x1b[K`);
    this.#drawn = true;
  }
}

function bar(fraction: number): string {
  const filled = Math.round(fraction * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
}

export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function formatRate(done: number, seconds: number): string {
  return seconds > 0 ? formatCount(done / seconds) : '-';
}

/** `42s`, `3m 05s`, `2h 07m`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '-';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
