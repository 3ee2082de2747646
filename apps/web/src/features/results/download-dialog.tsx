import type { FileFormat } from '@molsearch/api';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { DOWNLOAD_FORMATS, DOWNLOAD_WAIT_LIMIT_TEXT, DownloadError, runDownload, startBrowserDownload } from './download-flow.ts';
import type { DownloadProgress } from './download-flow.ts';
import { useResultsSource } from './results-source.ts';
import { formatSimilarity } from './similarity-band.ts';
import styles from './download-dialog.module.css';

export interface DownloadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  jobName: string;
  selectedIds: string[];
  /** The database shown, or undefined for every database searched. */
  dbName: string | undefined;
  databaseLabel: string;
  threshold: number;
  /** Properties are offered ticked when the property columns are shown. */
  withProperties: boolean;
}

/** Download of the selected molecules or all results, in one of four formats, with its progress. */
export function DownloadDialog(props: DownloadDialogProps): React.JSX.Element {
  const { open, onOpenChange, jobName, selectedIds, dbName, databaseLabel, threshold, withProperties } = props;
  const source = useResultsSource();
  const id = useId();
  const [scope, setScope] = useState<'selected' | 'all'>(selectedIds.length > 0 ? 'selected' : 'all');
  const [format, setFormat] = useState<FileFormat>('csv');
  const [includeProperties, setIncludeProperties] = useState(withProperties);
  const [includeMetadata, setIncludeMetadata] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) return;
    setScope(selectedIds.length > 0 ? 'selected' : 'all');
    setIncludeProperties(withProperties);
    setProgress(null);
    setError(null);
  }, [open, selectedIds.length, withProperties]);

  useEffect(() => () => abort.current?.abort(), []);

  const running = progress !== null && progress.phase !== 'ready';

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    try {
      const link = await runDownload(
        source,
        {
          job_name: jobName,
          file_format: format,
          include_properties: includeProperties,
          include_metadata: includeMetadata,
          db_name: dbName,
          sim_th: threshold,
          neighbor_ids: scope === 'selected' ? selectedIds : [],
        },
        setProgress,
        { signal: controller.signal },
      );
      startBrowserDownload(link);
      toast.success(`Your ${DOWNLOAD_FORMATS.find((entry) => entry.value === format)?.label ?? format} file is downloading`);
      onOpenChange(false);
    } catch (caught) {
      if (controller.signal.aborted) return;
      const message = caught instanceof DownloadError ? caught.message : 'Download process failed';
      setError(message);
      setProgress(null);
      toast.error(message);
    }
  };

  const close = (next: boolean) => {
    if (!next) {
      abort.current?.abort();
      setProgress(null);
    }
    onOpenChange(next);
  };

  const allText = `All results from ${databaseLabel}${threshold > 0 ? ` with similarity ≥ ${formatSimilarity(threshold)}` : ''}`;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Download results"
      description={`Files hold up to 100,000 hits, best first. Preparing a file may take up to ${DOWNLOAD_WAIT_LIMIT_TEXT}.`}
      footer={
        <>
          <Button variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void start()} disabled={running || (scope === 'selected' && selectedIds.length === 0)}>
            {running ? 'Preparing...' : 'Download'}
          </Button>
        </>
      }
    >
      <fieldset className={styles.group} disabled={running}>
        <legend className={styles.legend}>Molecules</legend>
        <label className={styles.option}>
          <input
            type="radio"
            name={`${id}-scope`}
            value="selected"
            checked={scope === 'selected'}
            disabled={selectedIds.length === 0}
            onChange={() => setScope('selected')}
          />
          <span>
            Selected molecules ({selectedIds.length})
            {selectedIds.length === 0 ? <span className={styles.hint}> — click cards to select them</span> : null}
          </span>
        </label>
        <label className={styles.option}>
          <input type="radio" name={`${id}-scope`} value="all" checked={scope === 'all'} onChange={() => setScope('all')} />
          <span>{allText}</span>
        </label>
      </fieldset>
      <fieldset className={styles.group} disabled={running}>
        <legend className={styles.legend}>Format</legend>
        <div className={styles.formats}>
          {DOWNLOAD_FORMATS.map((entry) => (
            <label key={entry.value} className={`${styles.format} ${format === entry.value ? styles.formatActive : ''}`}>
              <input type="radio" name={`${id}-format`} value={entry.value} checked={format === entry.value} onChange={() => setFormat(entry.value)} />
              <span className={styles.formatName}>{entry.label}</span>
              <span className={styles.formatHint}>{entry.hint}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.group}>
        <Checkbox checked={includeProperties} onCheckedChange={setIncludeProperties} disabled={running} label="Include properties" />
        <Checkbox checked={includeMetadata} onCheckedChange={setIncludeMetadata} disabled={running} label="Include vendor, website and order e-mail" />
      </div>
      {progress && progress.phase !== 'ready' ? (
        <div className={styles.progress} role="status" aria-live="polite">
          <span>
            {progress.phase === 'preparing'
              ? 'Preparing download...'
              : `Waiting for the file (check ${progress.attempt} of ${progress.attempts}; gives up after ${DOWNLOAD_WAIT_LIMIT_TEXT})...`}
          </span>
          <span className={styles.track}>
            <span className={styles.indeterminate} />
          </span>
        </div>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
