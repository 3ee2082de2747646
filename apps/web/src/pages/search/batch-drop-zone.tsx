import { useId, useState } from 'react';
import type { DragEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { BATCH_FILE_TYPES, batchFileProblem } from './batch-file.ts';
import styles from './search.module.css';

export interface BatchDropZoneProps {
  file: File | null;
  onFile: (file: File | null) => void;
  busy: boolean;
  onSearch: () => void;
}

/** The batch mode view: one .csv, .smi, .xlsx or .sdf file; Search stays disabled until a file is chosen. */
export function BatchDropZone({ file, onFile, busy, onSearch }: BatchDropZoneProps): React.JSX.Element {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);

  const accept = (files: File[]) => {
    const message = batchFileProblem(files);
    setProblem(message);
    onFile(message ? null : (files[0] ?? null));
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    accept([...event.dataTransfer.files]);
  };

  return (
    <div className={styles.bar}>
      <label htmlFor={inputId} className={styles.dropZone} onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
        {file ? file.name : 'Drag and drop a smi, csv, xlsx or sdf file here'}
      </label>
      <input id={inputId} type="file" className="visually-hidden" accept={BATCH_FILE_TYPES.join(',')} onChange={(event) => accept([...(event.target.files ?? [])])} />
      {problem ? (
        <p className={styles.fieldError} role="alert">
          {problem}
        </p>
      ) : null}
      <Button variant="primary" disabled={!file || busy} onClick={onSearch}>
        Search
      </Button>
    </div>
  );
}
