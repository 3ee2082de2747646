import { Bar, BarChart, Cell, ResponsiveContainer, Tooltip, XAxis } from 'recharts';
import { formatSimilarity } from './similarity-band.ts';

export interface HistogramBin {
  start: number;
  end: number;
  count: number;
}

export interface HistogramChartProps {
  bins: HistogramBin[];
  threshold: number;
  /** Whether a threshold is set; without one every bar is drawn as kept. */
  filtering: boolean;
  databaseName: string;
}

/** Bars of hits per similarity bin; bins below the threshold are drawn muted. */
export function HistogramChart({ bins, threshold, filtering, databaseName }: HistogramChartProps): React.JSX.Element {
  return (
    <ResponsiveContainer width="100%" height={96}>
      {/* The slider and its read-out carry the threshold for keyboards and screen readers; the chart stays out of the tab order. */}
      <BarChart data={bins} margin={{ top: 4, right: 0, bottom: 0, left: 0 }} barCategoryGap={1} accessibilityLayer={false} tabIndex={-1}>
        <XAxis dataKey="start" hide />
        <Tooltip
          cursor={{ fill: 'rgba(11, 92, 171, 0.08)' }}
          formatter={(count) => [`${String(count)} molecule${Number(count) === 1 ? '' : 's'}`, databaseName]}
          labelFormatter={(start) => {
            const bin = bins.find((entry) => entry.start === Number(start));
            return `Similarity ${formatSimilarity(Number(start))}–${formatSimilarity(bin?.end ?? Number(start))}`;
          }}
        />
        <Bar dataKey="count" isAnimationActive={false} minPointSize={1}>
          {bins.map((bin) => (
            <Cell key={bin.start} fill={!filtering || bin.start >= threshold - 1e-9 ? 'var(--color-primary)' : 'var(--color-border)'} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
