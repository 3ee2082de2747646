import { describe, expect, it } from 'vitest';
import { batchFileProblem } from './batch-file.ts';

describe('batch file checks', () => {
  it('accepts one file of the four types and reports the spec messages otherwise', () => {
    expect(batchFileProblem([{ name: 'queries.SMI', size: 10 }])).toBeNull();
    expect(batchFileProblem([])).toBe('Please upload a batch file to search');
    expect(batchFileProblem([{ name: 'a.csv', size: 1 }, { name: 'b.csv', size: 1 }])).toBe('Too many files');
    expect(batchFileProblem([{ name: 'a.pdf', size: 1 }])).toBe('File type must be .csv, .smi, .xlsx, .sdf');
    expect(batchFileProblem([{ name: 'a.sdf', size: 20 }], { maxBytes: 10 })).toBe('File is larger than 10 bytes');
    expect(batchFileProblem([{ name: 'a.sdf', size: 2 }], { minBytes: 10 })).toBe('File is smaller than 10 bytes');
  });
});
