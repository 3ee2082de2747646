import type { PreparedBatch } from '../features/prepared-batch.ts';
import type { PrepareRequest } from '../features/prepare-molecules.ts';
import type { CatalogueBuilder } from './catalogue-builder.ts';
import { appendCheckpoint } from './import-checkpoint.ts';
import type { InputPosition } from './import-checkpoint.ts';
import type { MoleculePreparer } from './import-pool.ts';
import type { ImportReport } from './import-report.ts';
import type { InputBatch } from './read-input.ts';

interface InFlight {
  file: string;
  result: Promise<PreparedBatch>;
  through: InputPosition;
  readErrors: number;
}

export interface BatchQueueOptions {
  preparer: MoleculePreparer;
  /** What every batch is prepared with, besides its molecules. */
  request: Omit<PrepareRequest, 'molecules'>;
  builder: CatalogueBuilder;
  report: ImportReport;
  /** The import's work folder, whose checkpoint gets every collected batch. */
  workDir: string;
  /** Batches prepared at once: enough to keep every worker busy while the oldest is collected. */
  maxInFlight: number;
}

/**
 * Input batches being prepared on the preparer's workers, collected in input order: each prepared batch
 * goes into the catalogue builder, its refused rows are reported, and it is appended to the checkpoint so
 * a killed import can resume after it. (Repeated ids are found and reported once every batch is in.)
 */
export class BatchQueue {
  private readonly inFlight: InFlight[] = [];

  constructor(private readonly options: BatchQueueOptions) {}

  /** Sends `batch` to the preparer, first collecting the oldest batches while the queue is full. */
  async submit(batch: InputBatch): Promise<void> {
    const { preparer, request, maxInFlight } = this.options;
    this.inFlight.push({ file: batch.file, result: preparer.prepare({ ...request, molecules: batch.molecules }), through: batch.through, readErrors: batch.readErrors });
    while (this.inFlight.length >= maxInFlight) await this.collect();
  }

  /** Collects every batch still being prepared. */
  async drain(): Promise<void> {
    while (this.inFlight.length > 0) await this.collect();
  }

  /** After a failure: the batches still in flight fail when the pool closes, and nobody waits for them any more. */
  abandon(): void {
    for (const pending of this.inFlight.splice(0)) pending.result.catch(() => undefined);
  }

  private async collect(): Promise<void> {
    const next = this.inFlight.shift();
    if (!next) return;
    const { builder, report, workDir } = this.options;
    const batch = await next.result;
    for (const rejected of batch.rejected) report.skip(next.file, rejected.line, rejected.message);
    builder.add(batch, next.through.file);
    report.molecules = builder.count;
    report.chargeFallbacks += batch.chargeFallbacks ?? 0;
    appendCheckpoint(workDir, { batch, through: next.through, readErrors: next.readErrors });
  }
}
