import { createViewer } from '3dmol';
import type { GLModel, GLViewer } from '3dmol';
import { useEffect, useRef } from 'react';
import type { PoseRecord } from './pose-records.ts';
import styles from './hit-detail.module.css';

/** How atoms are coloured: by element, or by partial charge (red negative, blue positive). */
export type Colouring = 'element' | 'charge';

export interface HitViewerProps {
  /** The query, then the hit, in one frame (get_hit_pose). */
  records: PoseRecord[];
  colouring: Colouring;
  showQuery: boolean;
  showHit: boolean;
  /** Changing it puts the camera back on both molecules. */
  resetToken: number;
  label: string;
}

/** A charge of this size (e) or more takes the full colour. */
const CHARGE_SCALE = 0.5;

/** White through red (negative) or blue (positive). */
function chargeColour(charge: number): string {
  const t = Math.min(1, Math.abs(charge) / CHARGE_SCALE);
  const fade = Math.round(255 * (1 - t));
  return charge < 0 ? `rgb(255,${fade},${fade})` : `rgb(${fade},${fade},255)`;
}

interface AtomWithIndex {
  index: number;
}

/**
 * The query and the hit in their aligned pose with 3Dmol.js: the query thin with green carbons, the hit
 * thicker with grey ones; drag to rotate, scroll to zoom. This module is its own chunk, loaded with the
 * detail view only.
 */
export function HitViewer({ records, colouring, showQuery, showHit, resetToken, label }: HitViewerProps): React.JSX.Element {
  const host = useRef<HTMLDivElement>(null);
  const viewer = useRef<GLViewer | null>(null);
  const models = useRef<GLModel[]>([]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const created = createViewer(element, { backgroundColor: 'white', antialias: true });
    viewer.current = created;
    models.current = records.map((record) => created.addModel(record.molblock, 'sdf'));
    created.zoomTo();
    return () => {
      created.clear();
      element.replaceChildren();
      viewer.current = null;
      models.current = [];
    };
  }, [records]);

  useEffect(() => {
    const current = viewer.current;
    if (!current) return;
    models.current.forEach((model, k) => {
      const isQuery = k === 0;
      const visible = isQuery ? showQuery : showHit;
      const charges = records[k]?.charges ?? [];
      const radius = isQuery ? 0.12 : 0.22;
      const stick =
        colouring === 'charge'
          ? { radius, colorfunc: (atom: AtomWithIndex) => chargeColour(charges[atom.index] ?? 0) }
          : { radius, colorscheme: isQuery ? 'greenCarbon' : 'default' };
      model.setStyle({}, visible ? { stick } : { stick: { hidden: true } });
    });
    current.render();
  }, [records, colouring, showQuery, showHit]);

  useEffect(() => {
    if (resetToken === 0 || !viewer.current) return;
    viewer.current.zoomTo();
    viewer.current.render();
  }, [resetToken]);

  return <div ref={host} className={styles.viewer} role="img" aria-label={label} data-testid="hit-viewer" />;
}
