/**
 * Where conformer generation spends its time, for the pipeline benchmark: wall milliseconds per stage,
 * summed over every molecule it is passed to. Generation without a clock pays nothing for it.
 */
export const CONFORMER_STAGES = ['topology', 'setup', 'templates', 'build', 'embed', 'polish', 'pruning', 'hydrogens'] as const;
export type ConformerStage = (typeof CONFORMER_STAGES)[number];

export class ConformerClock {
  readonly ms: Record<ConformerStage, number> = Object.fromEntries(CONFORMER_STAGES.map((stage) => [stage, 0])) as Record<ConformerStage, number>;
  private last = 0;

  /** Starts timing the next stage. */
  start(): void {
    this.last = performance.now();
  }

  /** Charges the time since the previous lap (or start) to `stage`. */
  lap(stage: ConformerStage): void {
    const now = performance.now();
    this.ms[stage] += now - this.last;
    this.last = now;
  }
}
