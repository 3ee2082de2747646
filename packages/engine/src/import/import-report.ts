import type { ManifestSource } from '../format/catalogue-format.ts';
import type { ImportOptions, ImportProgress } from './import-types.ts';

/** Counts, skipped-row reports and progress estimates of one import. */
export class ImportReport {
  rows = 0;
  molecules = 0;
  skipped = 0;
  /** Imported molecules whose 3D model has Gasteiger charges because MMFF94 could not type them. */
  chargeFallbacks = 0;
  private readonly totalBytes: number;
  private doneBytes = 0;
  private file = '';
  private bytesRead: () => number = () => 0;

  constructor(
    private readonly options: ImportOptions,
    sources: ManifestSource[],
    private readonly started: number,
  ) {
    this.totalBytes = sources.reduce((sum, source) => sum + source.bytes, 0);
  }

  startFile(path: string, bytesRead: () => number): void {
    this.file = path;
    this.bytesRead = bytesRead;
  }

  /** `bytes`: the file's size, for a file a resumed import does not read again. */
  finishFile(bytes?: number): void {
    this.doneBytes += bytes ?? this.bytesRead();
    this.bytesRead = () => 0;
  }

  /** Rows skipped and reported by the interrupted import a resumed one continues. */
  countSkipped(rows: number): void {
    this.skipped += rows;
  }

  skip(file: string, line: number, reason: string): void {
    this.skipped++;
    this.options.onSkipped?.({ file, line, reason });
  }

  emit(phase: ImportProgress['phase'], indexed?: ImportProgress['indexed']): void {
    if (!this.options.onProgress) return;
    const seconds = (performance.now() - this.started) / 1000;
    // Rows are read ahead of the workers; progress counts rows whose preparation has finished: the bytes
    // read, scaled by the share of the rows read that are finished (rows are about the same size).
    const finished = this.molecules + this.skipped;
    const finishedShare = this.rows > 0 ? Math.min(1, finished / this.rows) : 0;
    const byBytes = this.totalBytes > 0 ? Math.min(1, (this.doneBytes + this.bytesRead()) / this.totalBytes) * finishedShare : 0;
    const byLimit = this.options.limit ? Math.min(1, finished / this.options.limit) : 0;
    const fraction = phase === 'done' ? 1 : Math.max(byBytes, byLimit);
    const rate = this.molecules / Math.max(seconds, 1e-9);
    const etaSeconds = fraction > 0.01 && fraction < 1 ? (seconds * (1 - fraction)) / fraction : undefined;
    this.options.onProgress({ phase, file: this.file, rows: this.rows, molecules: this.molecules, skipped: this.skipped, fraction, moleculesPerSecond: rate, etaSeconds, ...(indexed ? { indexed } : {}) });
  }
}
