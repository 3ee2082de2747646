import { describe, expect, it } from 'vitest';
import type { ImportProgress } from './import-types.ts';
import { ImportReport } from './import-report.ts';

/** A report over one 1,000-byte file of which `read` bytes and `rows` rows are read and `finished` rows prepared. */
function progressAt(read: number, rows: number, finished: number, skipped = 0): ImportProgress {
  let last: ImportProgress | undefined;
  const report = new ImportReport({ files: ['a.smi'], id: 'A', dataDir: '/unused', onProgress: (progress) => (last = progress) }, [{ path: 'a.smi', bytes: 1000 }], performance.now() - 10_000);
  report.startFile('a.smi', () => read);
  report.rows = rows;
  report.molecules = finished - skipped;
  for (let k = 0; k < skipped; k++) report.skip('a.smi', k + 1, 'invalid SMILES');
  report.emit('reading');
  return last!;
}

describe('import progress', () => {
  it('counts the rows whose preparation has finished, not the rows read ahead of the workers', () => {
    // Half the file read (200 rows), 120 of them prepared: 30 % done, not 50 %.
    expect(progressAt(500, 200, 120).fraction).toBeCloseTo(0.3, 10);
    expect(progressAt(500, 200, 120, 20).fraction).toBeCloseTo(0.3, 10);
    expect(progressAt(500, 200, 200).fraction).toBeCloseTo(0.5, 10);
    expect(progressAt(0, 0, 0).fraction).toBe(0);
  });

  it('estimates the time left from the finished share', () => {
    // 10 s for 30 %: about 23 s left.
    expect(progressAt(500, 200, 120).etaSeconds).toBeCloseTo(23.3, 0);
  });
});
