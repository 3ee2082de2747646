import { createContext, useContext } from 'react';
import type { MoleculeRow } from './results.types.ts';

/** Opens a hit's detail view; provided by the results screen, absent where hits cannot be opened. */
export const HitOpenerContext = createContext<((row: MoleculeRow) => void) | null>(null);

export function useHitOpener(): ((row: MoleculeRow) => void) | null {
  return useContext(HitOpenerContext);
}
