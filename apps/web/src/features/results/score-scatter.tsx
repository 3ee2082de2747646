import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { MoleculeRow } from './results.types.ts';
import styles from './search-results.module.css';

export interface ScoreScatterProps {
  rows: readonly MoleculeRow[];
  databaseName: string;
  /** Opens a hit's detail view; a click on its point. */
  onOpen: ((row: MoleculeRow) => void) | null;
}

interface Point {
  shape: number;
  electrostatic: number;
  row: MoleculeRow;
}

/**
 * Shape against electrostatic score of the loaded hits, one point a hit; a click opens its detail view.
 * The cards carry the same scores and open the same view for keyboards and screen readers.
 */
export function ScoreScatter({ rows, databaseName, onOpen }: ScoreScatterProps): React.JSX.Element | null {
  const points: Point[] = rows.flatMap((row) =>
    !row.isQueryMolecule && row.scores?.shape != null && row.scores.electrostatic != null ? [{ shape: row.scores.shape, electrostatic: row.scores.electrostatic, row }] : [],
  );
  if (points.length < 2) return null;
  return (
    <figure className={styles.scatter} aria-label={`Shape against electrostatic score of ${points.length} hits from ${databaseName}`} data-testid="score-scatter">
      <ResponsiveContainer width="100%" height={180}>
        <ScatterChart margin={{ top: 8, right: 8, bottom: 4, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis type="number" dataKey="shape" name="Shape" domain={[0, 1]} tickCount={6} fontSize={11} />
          <YAxis type="number" dataKey="electrostatic" name="Electrostatic" domain={[0, 1]} tickCount={6} fontSize={11} />
          <Tooltip
            cursor={{ strokeDasharray: '3 3' }}
            content={({ payload }) => {
              const point = payload?.[0]?.payload as Point | undefined;
              return point ? (
                <div className={styles.scatterTip}>
                  {point.row.originalId}: shape {point.shape.toFixed(2)}, electrostatic {point.electrostatic.toFixed(2)}
                </div>
              ) : null;
            }}
          />
          <Scatter
            data={points}
            fill="var(--color-primary)"
            isAnimationActive={false}
            cursor={onOpen ? 'pointer' : undefined}
            onClick={(point: { payload?: Point }) => {
              if (point.payload) onOpen?.(point.payload.row);
            }}
          />
        </ScatterChart>
      </ResponsiveContainer>
      <figcaption className={styles.scatterCaption}>Shape (across) against electrostatic score (up) of the loaded hits; click a point for its details.</figcaption>
    </figure>
  );
}
