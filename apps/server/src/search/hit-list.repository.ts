import { DiskJobFiles } from './job-files.ts';
import type { JobFiles } from './job-files.ts';
import { roundSimilarity } from './similarity.ts';

/** The stored hits of one database in one job: catalogue rows and their similarities, best first. */
export interface HitList {
  database: string;
  rows: Uint32Array;
  similarities: Float32Array;
  /** The search's own histogram of these hits over HISTOGRAM_BINS bins, when it reported one. */
  histogram?: number[] | undefined;
}

const MAGIC = 0x3148534d; // "MSH1" read as a little-endian u32: no histogram
const MAGIC_WITH_HISTOGRAM = 0x3248534d; // "MSH2": the histogram follows the similarities
const HEADER_BYTES = 8;

/**
 * Hit lists as compact binary files, `hits/<database>.hits` among the job's files (JobFiles):
 * u32 magic, u32 count, count u32 rows, count f32 similarities (little-endian), and after "MSH2" a u32
 * bin count and that many u32 histogram counts.
 * Pages, thresholds, histograms and downloads all read these; recent ones stay in memory.
 */
export class HitListRepository {
  private readonly cache = new Map<string, HitList>();

  /** Where the job's files are: `<jobsDir>/<job>/` on disk by default, or the store shared by API servers. */
  readonly files: JobFiles;
  private readonly cacheSize: number;

  /** `jobsDir` holds one folder per job (or `files` says where they are); the `cacheSize` most recently used lists stay in memory. */
  constructor(options: { jobsDir: string; files?: JobFiles; cacheSize?: number }) {
    this.files = options.files ?? new DiskJobFiles(options.jobsDir);
    this.cacheSize = options.cacheSize ?? 32;
  }

  /** The job's folder on this machine (on disk, where its files are). */
  jobDir(jobId: string): string {
    return this.files.localDir(jobId);
  }

  async write(jobId: string, hits: HitList): Promise<void> {
    const sorted = sortedBestFirst(hits);
    const count = sorted.rows.length;
    const histogram = sorted.histogram ?? [];
    const buffer = Buffer.alloc(HEADER_BYTES + count * 8 + (sorted.histogram ? 4 + histogram.length * 4 : 0));
    buffer.writeUInt32LE(sorted.histogram ? MAGIC_WITH_HISTOGRAM : MAGIC, 0);
    buffer.writeUInt32LE(count, 4);
    for (let i = 0; i < count; i++) {
      buffer.writeUInt32LE(sorted.rows[i]!, HEADER_BYTES + i * 4);
      buffer.writeFloatLE(sorted.similarities[i]!, HEADER_BYTES + count * 4 + i * 4);
    }
    if (sorted.histogram) {
      const at = HEADER_BYTES + count * 8;
      buffer.writeUInt32LE(histogram.length, at);
      histogram.forEach((bin, index) => buffer.writeUInt32LE(bin, at + 4 + index * 4));
    }
    await this.files.write(jobId, hitListName(hits.database), buffer);
    this.remember(`${jobId}/${hits.database}`, sorted);
  }

  async read(jobId: string, database: string): Promise<HitList> {
    const key = `${jobId}/${database}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const file = `${jobId}/${hitListName(database)}`;
    const buffer = await this.files.read(jobId, hitListName(database));
    if (!buffer) throw Object.assign(new Error(`ENOENT: no hit list ${file}`), { code: 'ENOENT' });
    const magic = buffer.length < HEADER_BYTES ? 0 : buffer.readUInt32LE(0);
    if (magic !== MAGIC && magic !== MAGIC_WITH_HISTOGRAM) throw new Error(`${file} is not a hit list file`);
    const count = buffer.readUInt32LE(4);
    const listBytes = HEADER_BYTES + count * 8;
    const bins = magic === MAGIC_WITH_HISTOGRAM && buffer.length >= listBytes + 4 ? buffer.readUInt32LE(listBytes) : 0;
    const expected = magic === MAGIC_WITH_HISTOGRAM ? listBytes + 4 + bins * 4 : listBytes;
    if (buffer.length !== expected) throw new Error(`${file} is truncated: ${count} hits announced, ${buffer.length} bytes`);
    const rows = new Uint32Array(count);
    const similarities = new Float32Array(count);
    for (let i = 0; i < count; i++) {
      rows[i] = buffer.readUInt32LE(HEADER_BYTES + i * 4);
      similarities[i] = buffer.readFloatLE(HEADER_BYTES + count * 4 + i * 4);
    }
    const histogram = magic === MAGIC_WITH_HISTOGRAM ? Array.from({ length: bins }, (_, index) => buffer.readUInt32LE(listBytes + 4 + index * 4)) : undefined;
    const list: HitList = { database, rows, similarities, histogram };
    this.remember(key, list);
    return list;
  }

  /** Removes every file of the job (hit lists, scores, downloads) and forgets its cached lists. */
  async remove(jobId: string): Promise<void> {
    for (const key of [...this.cache.keys()]) if (key.startsWith(`${jobId}/`)) this.cache.delete(key);
    await this.files.remove(jobId);
  }

  private remember(key: string, list: HitList): void {
    this.cache.set(key, list);
    while (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}

function hitListName(database: string): string {
  return `hits/${database}.hits`;
}

/** How many hits reach `threshold` as answered (see roundSimilarity); the list is best first, so this is a binary search. */
export function countAtOrAbove(similarities: Float32Array, threshold: number): number {
  let low = 0;
  let high = similarities.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (roundSimilarity(similarities[mid]!) >= threshold) low = mid + 1;
    else high = mid;
  }
  return low;
}

function sortedBestFirst(hits: HitList): HitList {
  const { rows, similarities } = hits;
  let ordered = true;
  for (let i = 1; i < similarities.length && ordered; i++) ordered = similarities[i - 1]! >= similarities[i]!;
  if (ordered) return hits;
  const order = Array.from(rows.keys()).sort((a, b) => similarities[b]! - similarities[a]! || rows[a]! - rows[b]!);
  return {
    database: hits.database,
    rows: Uint32Array.from(order, (i) => rows[i]!),
    similarities: Float32Array.from(order, (i) => similarities[i]!),
    histogram: hits.histogram,
  };
}
