import type { DatabaseView, MissingSection, MoleculeRow, Section } from './results.types.ts';

/** Spec section 9: page size 30; the sections view previews 10 per database. */
export const PAGE_SIZE = 30;
export const SECTION_PREVIEW_SIZE = 10;
/** Total assumed for a section when nothing better is known (spec section 4, step 3). */
export const ASSUMED_TOTAL = 100_000;

export type ResultsView = 'loading' | 'sections' | 'database' | 'empty';

export interface ResultsState {
  view: ResultsView;
  /** Why there is nothing to show, for the empty view. */
  message: string | null;
  sections: Section[];
  /** Databases searched that show no section, each said so in the sections view. */
  missing: MissingSection[];
  database: DatabaseView | null;
  /** What is loading inside the current view, for spinners and disabled buttons. */
  busy: 'opening' | 'more' | 'threshold' | 'properties' | null;
  selected: ReadonlySet<string>;
}

export type ResultsAction =
  | { type: 'reset' }
  | { type: 'sections-loaded'; sections: Section[]; missing: MissingSection[] }
  | { type: 'database-loaded'; dbName: string; rows: MoleculeRow[]; threshold: number; currentPage?: number; hasMore?: boolean }
  | { type: 'more-loaded'; dbName: string; rows: MoleculeRow[] }
  | { type: 'busy'; busy: ResultsState['busy'] }
  | { type: 'back-to-sections' }
  | { type: 'empty'; message: string }
  | { type: 'toggle-selected'; id: string }
  | { type: 'set-selected'; ids: string[] };

export const initialResultsState: ResultsState = {
  view: 'loading',
  message: null,
  sections: [],
  missing: [],
  database: null,
  busy: null,
  selected: new Set(),
};

/** The view changes of spec section 4 ("Search flow", steps 3 to 7) as one pure function. */
export function resultsReducer(state: ResultsState, action: ResultsAction): ResultsState {
  switch (action.type) {
    case 'reset':
      return initialResultsState;
    case 'sections-loaded':
      if (action.sections.length === 0) return { ...state, view: 'empty', message: 'No results found', busy: null };
      return { ...state, view: 'sections', sections: action.sections, missing: action.missing, database: null, busy: null, message: null };
    case 'database-loaded':
      return {
        ...state,
        view: 'database',
        busy: null,
        message: null,
        database: {
          dbName: action.dbName,
          results: action.rows,
          currentPage: action.currentPage ?? 0,
          hasMore: action.hasMore ?? action.rows.length >= PAGE_SIZE,
          threshold: action.threshold,
        },
      };
    case 'more-loaded': {
      const current = state.database;
      if (!current || current.dbName !== action.dbName) return { ...state, busy: null };
      const known = new Set(current.results.map((row) => row.id));
      return {
        ...state,
        busy: null,
        database: {
          ...current,
          results: [...current.results, ...action.rows.filter((row) => !known.has(row.id))],
          currentPage: action.rows.length > 0 ? current.currentPage + 1 : current.currentPage,
          hasMore: action.rows.length >= PAGE_SIZE,
        },
      };
    }
    case 'busy':
      return { ...state, busy: action.busy };
    case 'back-to-sections':
      return state.sections.length > 0 ? { ...state, view: 'sections', database: null, busy: null } : state;
    case 'empty':
      return { ...state, view: 'empty', message: action.message, busy: null };
    case 'toggle-selected': {
      const selected = new Set(state.selected);
      if (selected.has(action.id)) selected.delete(action.id);
      else selected.add(action.id);
      return { ...state, selected };
    }
    case 'set-selected':
      return { ...state, selected: new Set(action.ids) };
  }
}

/** A preview section per database that answered with hits; the others are listed as missing, with why. */
export function sectionsFrom(
  previews: { dbName: string; rows: MoleculeRow[] | null }[],
  totals: Record<string, number>,
): { sections: Section[]; missing: MissingSection[] } {
  const sections: Section[] = [];
  const missing: MissingSection[] = [];
  for (const preview of previews) {
    if (preview.rows === null) missing.push({ dbName: preview.dbName, reason: 'failed' });
    else if (preview.rows.length === 0) missing.push({ dbName: preview.dbName, reason: 'no-hits' });
    else sections.push({ dbName: preview.dbName, results: preview.rows, currentPage: 0, hasMore: true, totalResults: totals[preview.dbName] ?? ASSUMED_TOTAL });
  }
  return { sections, missing };
}
