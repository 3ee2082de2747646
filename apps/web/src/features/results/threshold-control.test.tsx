import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { THRESHOLD_DEBOUNCE_MS, ThresholdControl } from './threshold-control.tsx';
import type { DatabaseHistogram } from './results.types.ts';

// The chart sizes itself with ResizeObserver, which jsdom does not provide.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
});

const edges = Array.from({ length: 51 }, (_, i) => i / 50);
/** Hits between 0.20 and 0.80: the slider should run from 0.20 to 0.80. */
const histogram: DatabaseHistogram = {
  binEdges: edges,
  counts: edges.slice(0, 50).map((edge) => (edge >= 0.2 && edge <= 0.8 ? 3 : 0)),
  total: 93,
  min: 0.2,
  max: 0.8,
};

describe('ThresholdControl', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies the threshold once, 500 ms after the slider last moved', () => {
    const onApply = vi.fn();
    render(<ThresholdControl databaseName="MolPort" histogram={histogram} applied={0} onApply={onApply} busy={false} />);
    const slider = screen.getByRole('slider', { name: 'Similarity threshold' });

    fireEvent.change(slider, { target: { value: '0.3' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(slider, { target: { value: '0.5' } });
    act(() => vi.advanceTimersByTime(THRESHOLD_DEBOUNCE_MS - 1));
    expect(onApply).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith(0.5);
    expect(screen.getByText('≥ 0.500')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(5 * THRESHOLD_DEBOUNCE_MS));
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('spans the similarities the database holds and sends no threshold at its lowest position', () => {
    const onApply = vi.fn();
    render(<ThresholdControl databaseName="MolPort" histogram={histogram} applied={0.6} onApply={onApply} busy={false} />);
    const slider = screen.getByRole('slider', { name: 'Similarity threshold' });
    expect(slider).toHaveAttribute('min', '0.2');
    expect(slider).toHaveAttribute('max', '0.8');
    expect(slider).toHaveValue('0.6');

    fireEvent.change(slider, { target: { value: '0.2' } });
    act(() => vi.advanceTimersByTime(THRESHOLD_DEBOUNCE_MS));
    expect(onApply).toHaveBeenCalledWith(0);
    expect(screen.getByText('All results')).toBeInTheDocument();
  });

  it('does not apply anything until the user moves the slider', () => {
    const onApply = vi.fn();
    render(<ThresholdControl databaseName="MolPort" histogram={histogram} applied={0} onApply={onApply} busy={false} />);
    act(() => vi.advanceTimersByTime(10 * THRESHOLD_DEBOUNCE_MS));
    expect(onApply).not.toHaveBeenCalled();
  });

  it('reaches the best score, so the top position keeps only the best hit, and moves by hundredths from the keyboard', () => {
    const onApply = vi.fn();
    const best = { ...histogram, max: 0.758 };
    render(<ThresholdControl databaseName="MolPort" histogram={best} applied={0} onApply={onApply} busy={false} />);
    const slider = screen.getByRole('slider', { name: 'Similarity threshold' });
    expect(slider).toHaveAttribute('max', '0.758');
    fireEvent.change(slider, { target: { value: '0.758' } });
    act(() => vi.advanceTimersByTime(THRESHOLD_DEBOUNCE_MS));
    expect(onApply).toHaveBeenLastCalledWith(0.758);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    act(() => vi.advanceTimersByTime(THRESHOLD_DEBOUNCE_MS));
    expect(onApply).toHaveBeenLastCalledWith(0.738);
    fireEvent.keyDown(slider, { key: 'PageUp' });
    act(() => vi.advanceTimersByTime(THRESHOLD_DEBOUNCE_MS));
    expect(onApply).toHaveBeenLastCalledWith(0.758);
  });
});
