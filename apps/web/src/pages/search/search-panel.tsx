import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import type { SearchQuality, SearchMethod, SubmitBatchAnswer, SubmitSearchQuery } from '@molsearch/api';
import { batchFileBody, submitBatch } from '../../api/batch-api.ts';
import { getRandomMolecule, SearchApiError } from '../../api/search-api.ts';
import { track } from '../../analytics/track.ts';
import { SearchResults } from '../../features/results/search-results.tsx';
import type { SubmittedSearch } from '../../features/results/search-results.tsx';
import { BATCH_FILE_REQUIRED } from './batch-file.ts';
import type { SearchMode } from './batch-file.ts';
import { BatchDropZone } from './batch-drop-zone.tsx';
import { BatchView } from './batch-view.tsx';
import type { DatabaseEntry } from './database-filters.ts';
import { EditorFrame } from './editor-frame.tsx';
import type { EditorHandle } from './molecule-editor.tsx';
import { JobProgress } from './job-progress.tsx';
import { OptionsPanel } from './options-panel.tsx';
import { EMPTY_FILTERS, filterQuery } from './filter-state.ts';
import type { FilterState } from './filter-state.ts';
import { DEFAULT_SETTINGS, loadSettings, saveSettings } from '../../shared/search-settings.ts';
import type { SearchSettings } from '../../shared/search-settings.ts';
import { SmilesBar } from './smiles-bar.tsx';
import { DATABASE_REQUIRED, smilesProblem } from './smiles-validation.ts';
import { useSearchJob } from './use-search-job.ts';
import styles from './search.module.css';

export interface SearchPanelProps {
  /** The databases offered (already limited to the vendor's on a vendor page); undefined while loading. */
  databases: DatabaseEntry[] | undefined;
  databasesError: string | null;
  /** On a vendor page: its databases are preselected and, when there is only one, locked. */
  vendorDatabases?: string[];
  /** Renders the structure editor; component tests turn it off (jsdom cannot run Ketcher). */
  withEditor?: boolean;
  /**
   * A query to search at once (`/search?q=`, the site's declared search action): with the stored method,
   * quality and databases, or every database when none is stored.
   */
  autoSearch?: string;
}

type SmilesSource = 'typed' | 'editor' | 'set';

const EDITOR_SYNC_DELAY_MS = 700;

/** The whole search flow of the page: query, options, validation, job progress and then the results. */
export function SearchPanel({ databases, databasesError, vendorDatabases, withEditor = true, autoSearch }: SearchPanelProps): React.JSX.Element {
  const vendorPage = vendorDatabases !== undefined;
  const locked = vendorPage && vendorDatabases.length === 1;
  const [settings, setSettings] = useState<SearchSettings>(() => {
    const stored = loadSettings();
    return vendorPage ? { ...stored, selectedDatabase: vendorDatabases } : stored;
  });
  const [smiles, setSmiles] = useState('');
  const [source, setSource] = useState<SmilesSource>('set');
  const [smilesError, setSmilesError] = useState<string | null>(null);
  const [databaseError, setDatabaseError] = useState<string | null>(null);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [editor, setEditor] = useState<EditorHandle | null>(null);
  const [submitted, setSubmitted] = useState<SubmittedSearch | null>(null);
  const [filters, setFilters] = useState<FilterState>(EMPTY_FILTERS);
  const [mode, setMode] = useState<SearchMode>('single');
  const [batchFile, setBatchFile] = useState<File | null>(null);
  const [batch, setBatch] = useState<SubmitBatchAnswer | null>(null);
  const [batchBusy, setBatchBusy] = useState(false);
  const job = useSearchJob();
  const queryClient = useQueryClient();
  const editorRef = useRef<HTMLDivElement>(null);
  const smilesRef = useRef<HTMLInputElement>(null);
  const progressRef = useRef<HTMLElement>(null);
  const syncTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const autoSearched = useRef(false);

  // Without an editor (tests, or the editor failed to load) the editor-gated buttons still work on the text.
  const editorReady = !withEditor || editor !== null;

  useEffect(() => {
    // A vendor page's selection is the vendor's; only the multi-database page remembers its own choice.
    if (vendorPage) saveSettings({ ...settings, selectedDatabase: loadSettings().selectedDatabase });
    else saveSettings(settings);
  }, [settings, vendorPage]);

  // Databases that no longer exist (a stored choice from an older catalogue list) are dropped once the list loads.
  const knownIds = useMemo(() => (databases ? new Set(databases.map((entry) => entry.id)) : undefined), [databases]);
  const selected = useMemo(
    () => (knownIds ? settings.selectedDatabase.filter((id) => knownIds.has(id)) : settings.selectedDatabase),
    [knownIds, settings.selectedDatabase],
  );

  useEffect(() => () => clearTimeout(syncTimer.current), []);

  // A query typed while the editor was still loading is drawn once it is ready.
  useEffect(() => {
    if (editor && source === 'typed' && smiles.trim() && !smilesProblem(smiles)) editor.setSmiles(smiles.trim()).catch(() => undefined);
    // Runs when the editor arrives; later typing is drawn by onSmilesChange.
  }, [editor]);

  const labelOf = useCallback((id: string) => databases?.find((entry) => entry.id === id)?.info.display_name ?? id, [databases]);

  const sendToEditor = useCallback(
    async (text: string, failure: string) => {
      if (!editor) return;
      try {
        await editor.setSmiles(text);
      } catch {
        toast.error(failure);
      }
    },
    [editor],
  );

  const onSmilesChange = (text: string) => {
    setSmiles(text);
    setSource('typed');
    setSmilesError(null);
    clearTimeout(syncTimer.current);
    // Typing also draws the molecule, once the text stops changing and looks like SMILES.
    if (editor && !smilesProblem(text)) {
      syncTimer.current = setTimeout(() => {
        editor.setSmiles(text.trim()).catch(() => undefined);
      }, EDITOR_SYNC_DELAY_MS);
    }
  };

  const setQuery = (text: string) => {
    clearTimeout(syncTimer.current);
    setSmiles(text);
    setSource('set');
    setSmilesError(null);
  };

  const onExample = async () => {
    track('search_action_button', { action: 'example' });
    try {
      const example = await getRandomMolecule();
      setQuery(example);
      await sendToEditor(example, 'Failed to send molecule to editor');
    } catch (error) {
      toast.error(error instanceof SearchApiError ? error.message : 'Failed to load example molecule');
    }
  };

  const onTry = async (name: string, text: string) => {
    track('search_action_button', { action: 'try', molecule: name });
    setQuery(text);
    await sendToEditor(text, `Failed to load ${name} molecule`);
  };

  const onClear = async () => {
    track('search_action_button', { action: 'clear' });
    setQuery('');
    await sendToEditor('', 'Failed to send molecule to editor');
  };

  const onDraw = async () => {
    track('molecule_editor_action', { action: 'draw' });
    if (smiles.trim()) {
      const problem = smilesProblem(smiles);
      if (problem) {
        setSmilesError(problem);
        return;
      }
    }
    setOptionsOpen(false);
    editorRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (smiles.trim()) await sendToEditor(smiles.trim(), 'Failed to send molecule to editor');
  };

  const onDrawn = useCallback((drawn: string) => {
    clearTimeout(syncTimer.current);
    setSmiles(drawn);
    setSource('editor');
    setSmilesError(null);
    track('ketcher_interaction', { action: 'change' });
  }, []);

  const updateSettings = (patch: Partial<SearchSettings>) => setSettings((previous) => ({ ...previous, ...patch }));

  const runSearch = async (text: string, databaseIds: string[]) => {
    const request: SubmitSearchQuery = {
      search_input: text.trim(),
      search_type: settings.searchMethod,
      search_quality: settings.searchQuality,
      db_names: databaseIds,
      compute_properties: settings.computeProperties,
      ...filterQuery(filters),
    };
    track('search_submitted', { method: request.search_type, quality: request.search_quality, databases: databaseIds.join(',') });
    setSubmitted(null);
    setOptionsOpen(false);
    // The options panel and its Search button go away: the progress card takes the focus, then the results.
    requestAnimationFrame(() => progressRef.current?.focus());
    const outcome = await job.run(request);
    if (outcome.ok) {
      toast.success('Search completed successfully');
      setSubmitted({ jobName: outcome.jobName, smiles: request.search_input, method: request.search_type, quality: request.search_quality, databases: databaseIds });
      return;
    }
    // A failed call may mean the server is gone: check now, so the health banner explains it.
    void queryClient.invalidateQueries({ queryKey: ['health'] });
    if (outcome.stage === 'submit') {
      setOptionsOpen(true);
      // A refused input is explained once, where it is typed or chosen.
      if (outcome.field?.name === 'search_input' || outcome.field?.name === 'db_names') {
        job.reset();
        if (outcome.field.name === 'search_input') {
          setSmilesError(outcome.field.message);
          smilesRef.current?.focus();
        } else {
          setDatabaseError(outcome.field.message);
        }
        return;
      }
      // A refused filter names itself (an upside-down range, a substructure RDKit cannot read).
      toast.error(outcome.field?.message ?? outcome.message);
    } else if (outcome.message !== 'Request aborted') {
      toast.error('Search job failed or timed out');
    }
  };

  /** Batch mode: the file's queries, each searched with the options shown, then the batch's progress and results. */
  const onBatchSearch = async () => {
    if (!batchFile) {
      toast.error(BATCH_FILE_REQUIRED);
      return;
    }
    if (selected.length === 0) {
      setDatabaseError(DATABASE_REQUIRED);
      return;
    }
    setDatabaseError(null);
    setBatchBusy(true);
    setBatch(null);
    track('search_submitted', { method: settings.searchMethod, quality: settings.searchQuality, databases: selected.join(','), mode: 'batch' });
    try {
      const answer = await submitBatch(
        { search_type: settings.searchMethod, search_quality: settings.searchQuality, db_names: selected, compute_properties: settings.computeProperties, ...filterQuery(filters) },
        await batchFileBody(batchFile),
      );
      setBatch(answer);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to submit search job');
    } finally {
      setBatchBusy(false);
    }
  };

  const onSearch = async () => {
    if (mode === 'batch') {
      await onBatchSearch();
      return;
    }
    const problem = smilesProblem(smiles);
    if (problem) {
      setSmilesError(problem);
      return;
    }
    if (!optionsOpen) {
      track('search_initiated', { source });
      setOptionsOpen(true);
      return;
    }
    if (selected.length === 0) {
      setDatabaseError(DATABASE_REQUIRED);
      return;
    }
    setDatabaseError(null);
    await runSearch(smiles, selected);
  };

  // `/search?q=`: fill in the query and search it once the database list is known.
  useEffect(() => {
    if (autoSearch === undefined || !databases || autoSearched.current) return;
    autoSearched.current = true;
    setQuery(autoSearch);
    const problem = smilesProblem(autoSearch);
    if (problem) {
      setSmilesError(problem);
      return;
    }
    track('search_initiated', { source: 'url' });
    void runSearch(autoSearch, selected.length > 0 ? selected : databases.map((entry) => entry.id));
    // Runs once, when the list arrives; the settings of that moment are the ones to search with.
  }, [autoSearch, databases]);

  const onReset = () => {
    setSettings({ ...DEFAULT_SETTINGS, selectedDatabase: vendorPage ? vendorDatabases : [] });
    setFilters(EMPTY_FILTERS);
    setDatabaseError(null);
  };

  const onModify = () => {
    setSubmitted(null);
    job.reset();
    setOptionsOpen(true);
  };

  const onNewSearch = () => {
    setSubmitted(null);
    job.reset();
    setOptionsOpen(false);
    setQuery('');
    setDatabaseError(null);
    void sendToEditor('', 'Failed to send molecule to editor');
    window.scrollTo({ top: 0, behavior: 'smooth' });
    smilesRef.current?.focus({ preventScroll: true });
  };

  const running = job.state.phase === 'submitting' || job.state.phase === 'queued' || job.state.phase === 'executing';
  const batchMode = mode === 'batch';
  const showEditor = !batchMode && !optionsOpen && !running && !submitted;

  return (
    <div className={styles.panel}>
      <div className={styles.modeSwitch} role="radiogroup" aria-label="Search mode">
        {(['single', 'batch'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={mode === choice}
            className={mode === choice ? styles.segmentOn : styles.segment}
            onClick={() => {
              setMode(choice);
              setOptionsOpen(choice === 'batch');
            }}
          >
            <span className={styles.segmentLabel}>{choice === 'single' ? 'One molecule' : 'Batch file'}</span>
          </button>
        ))}
      </div>
      {batchMode ? <BatchDropZone file={batchFile} onFile={setBatchFile} busy={batchBusy} onSearch={() => void onBatchSearch()} /> : null}
      {batchMode ? null : <SmilesBar
        inputRef={smilesRef}
        smiles={smiles}
        onSmilesChange={onSmilesChange}
        copyable={source === 'typed' || source === 'editor'}
        error={smilesError}
        editorReady={editorReady}
        busy={running}
        onSearch={() => void onSearch()}
        onExample={() => void onExample()}
        onClear={() => void onClear()}
        onDraw={() => void onDraw()}
        onTry={(name, text) => void onTry(name, text)}
      />}

      {optionsOpen ? (
        <OptionsPanel
          method={settings.searchMethod}
          quality={settings.searchQuality}
          onMethodChange={(searchMethod: SearchMethod) => updateSettings({ searchMethod })}
          onQualityChange={(searchQuality: SearchQuality) => updateSettings({ searchQuality })}
          filters={filters}
          onFiltersChange={setFilters}
          databases={databases}
          databasesError={databasesError}
          selected={selected}
          onSelectedChange={(next) => {
            updateSettings({ selectedDatabase: next });
            if (next.length > 0) setDatabaseError(null);
          }}
          locked={locked}
          databaseError={databaseError}
          busy={running || batchBusy}
          onBack={() => {
            setOptionsOpen(false);
            setMode('single');
          }}
          onReset={onReset}
          onSearch={() => void onSearch()}
        />
      ) : null}

      <JobProgress ref={progressRef} state={submitted ? { ...job.state, phase: 'idle' } : job.state} labelOf={labelOf} />

      {withEditor ? (
        <div ref={editorRef}>
          <EditorFrame hidden={!showEditor} onReady={setEditor} onDrawn={onDrawn} onError={(message) => toast.error(message)} />
        </div>
      ) : null}

      {submitted && !batchMode ? <SearchResults search={submitted} onModify={onModify} onNewSearch={onNewSearch} focusOnShow /> : null}
      {batch && batchMode ? <BatchView key={batch.batch_id} batch={batch} /> : null}
    </div>
  );
}
