import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ProgressBar, formatDuration } from './progress-bar.ts';

/** A stream that records what the bar wrote; whether it acts as a terminal is the bar's `interactive` option. */
function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('ProgressBar', () => {
  it('should show count, rate, percentage and ETA from a fraction such as bytes read', () => {
    let now = 0;
    const { stream } = capture();
    const bar = new ProgressBar({ label: 'Importing', stream, interactive: true, now: () => now });
    now = 10_000;
    bar.update(50_000, 0.25);
    expect(bar.render()).toBe('Importing  [######------------------]  25.0%  50,000 molecules  5,000/s  ETA 30s');
  });

  it('should take the fraction from a known total, and show elapsed time when there is none', () => {
    let now = 0;
    const { stream } = capture();
    const counted = new ProgressBar({ label: 'Scoring', unit: 'conformers', total: 400, stream, interactive: true, now: () => now });
    const open = new ProgressBar({ label: 'Reading', stream, interactive: true, now: () => now });
    now = 125_000;
    counted.update(100);
    open.update(100);
    expect(counted.render()).toBe('Scoring  [######------------------]  25.0%  100 conformers  1/s  ETA 6m 15s');
    expect(open.render()).toBe('Reading  100 molecules  1/s  2m 05s');
  });

  it('should redraw in place on a terminal at most every redrawMs and end with a summary line', () => {
    let now = 0;
    const { stream, text } = capture();
    const bar = new ProgressBar({ label: 'Importing', stream, interactive: true, redrawMs: 100, now: () => now });
    bar.update(1);
    now = 50;
    bar.update(2);
    now = 150;
    bar.update(3);
    bar.log('line 7: Invalid SMILES structure');
    now = 2_000;
    bar.finish();
    const frames = text().split('\r').filter((part) => part.startsWith('Importing  '));
    expect(frames.map((frame) => frame.split('  ')[1])).toEqual(['1 molecules', '3 molecules', '3 molecules']);
    expect(text()).toContain('\r\x1b[Kline 7: Invalid SMILES structure\n');
    expect(text().endsWith('\r\x1b[KImporting: 3 molecules in 2s (2 molecules/s)\n')).toBe(true);
  });

  it('should print plain lines every lineEveryMs when not on a terminal', () => {
    let now = 0;
    const { stream, text } = capture();
    const bar = new ProgressBar({ label: 'Importing', stream, interactive: false, lineEveryMs: 10_000, now: () => now });
    for (let i = 1; i <= 30; i++) {
      now = i * 1000;
      bar.update(i * 10);
    }
    bar.finish('done');
    expect(text()).not.toContain('\r');
    expect(text().split('\n').filter(Boolean)).toEqual([
      'Importing  10 molecules  10/s  1s',
      'Importing  110 molecules  10/s  11s',
      'Importing  210 molecules  10/s  21s',
      'done',
    ]);
  });
});

describe('formatDuration', () => {
  it('should read as seconds, minutes or hours', () => {
    expect([formatDuration(42.4), formatDuration(185), formatDuration(7620), formatDuration(Number.POSITIVE_INFINITY)]).toEqual(['42s', '3m 05s', '2h 07m', '-']);
  });
});
