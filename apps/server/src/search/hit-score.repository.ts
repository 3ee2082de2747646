import type { JobFiles } from './job-files.ts';

/** The three scores of every hit of one database in one job, by the hit's place in its hit list. */
export interface ScoreColumns {
  morgan: Float32Array;
  shape: Float32Array;
  electrostatic: Float32Array;
}

export type ScoreKind = keyof ScoreColumns;
export const SCORE_KINDS: readonly ScoreKind[] = ['morgan', 'shape', 'electrostatic'];

/** Not computed yet. */
export const UNSCORED = Number.NaN;
/** Computed and absent: the catalogue or the row has no 3D model. */
export const NO_SCORE = -1;

const MAGIC = 0x3153534d; // "MSS1" read as a little-endian u32
const HEADER_BYTES = 8;

/**
 * Score columns as binary files beside the job's hit lists, `scores/<database>.scores` among its files: u32 magic,
 * u32 count, then the Morgan, shape and electrostatic columns, count f32 each (little-endian), NaN where
 * a score is not computed yet and -1 where there is none. They go with the job when it expires.
 */
export class HitScoreRepository {
  private readonly cache = new Map<string, ScoreColumns>();
  private readonly cacheSize: number;

  constructor(private readonly files: JobFiles, options: { cacheSize?: number } = {}) {
    this.cacheSize = options.cacheSize ?? 32;
  }

  /** The columns of a list of `count` hits, all unscored when nothing was stored yet. */
  async read(jobId: string, database: string, count: number): Promise<ScoreColumns> {
    const key = `${jobId}/${database}`;
    const cached = this.cache.get(key);
    if (cached && cached.morgan.length === count) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const columns = (await this.load(jobId, database, count)) ?? emptyColumns(count);
    this.remember(key, columns);
    return columns;
  }

  async write(jobId: string, database: string, columns: ScoreColumns): Promise<void> {
    const count = columns.morgan.length;
    const buffer = Buffer.alloc(HEADER_BYTES + 12 * count);
    buffer.writeUInt32LE(MAGIC, 0);
    buffer.writeUInt32LE(count, 4);
    SCORE_KINDS.forEach((kind, k) => {
      const at = HEADER_BYTES + k * 4 * count;
      Buffer.from(columns[kind].buffer, columns[kind].byteOffset, 4 * count).copy(buffer, at);
    });
    await this.files.write(jobId, scoresName(database), buffer);
    this.remember(`${jobId}/${database}`, columns);
  }

  /** The stored columns, or undefined when there is no file or it is not of this list (then they are computed again). */
  private async load(jobId: string, database: string, count: number): Promise<ScoreColumns | undefined> {
    const buffer = await this.files.read(jobId, scoresName(database)).catch(() => undefined);
    if (!buffer || buffer.length !== HEADER_BYTES + 12 * count || buffer.readUInt32LE(0) !== MAGIC || buffer.readUInt32LE(4) !== count) return undefined;
    const column = (k: number): Float32Array => {
      const out = new Float32Array(count);
      for (let i = 0; i < count; i++) out[i] = buffer.readFloatLE(HEADER_BYTES + (k * count + i) * 4);
      return out;
    };
    return { morgan: column(0), shape: column(1), electrostatic: column(2) };
  }

  private remember(key: string, columns: ScoreColumns): void {
    this.cache.set(key, columns);
    while (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}

function scoresName(database: string): string {
  return `scores/${database}.scores`;
}

function emptyColumns(count: number): ScoreColumns {
  return { morgan: new Float32Array(count).fill(UNSCORED), shape: new Float32Array(count).fill(UNSCORED), electrostatic: new Float32Array(count).fill(UNSCORED) };
}
