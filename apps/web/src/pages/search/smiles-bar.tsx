import { useId } from 'react';
import type { Ref } from 'react';
import { Button } from '../../ui/button.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';
import { useCopy } from '../../ui/use-copy.ts';
import { EXAMPLE_MOLECULES } from './example-molecules.ts';
import styles from './search.module.css';

export interface SmilesBarProps {
  inputRef?: Ref<HTMLInputElement>;
  smiles: string;
  onSmilesChange: (smiles: string) => void;
  /** Show the copy button: the text came from typing or from the editor. */
  copyable: boolean;
  error: string | null;
  editorReady: boolean;
  busy: boolean;
  onSearch: () => void;
  onExample: () => void;
  onClear: () => void;
  onDraw: () => void;
  onTry: (name: string, smiles: string) => void;
}

/** The collapsed search bar: SMILES box, Example, Clear, Draw, Search and the "Try:" molecules. */
export function SmilesBar(props: SmilesBarProps): React.JSX.Element {
  const inputId = useId();
  const errorId = useId();
  const { copied, copy: copyText } = useCopy();

  const copy = async () => {
    try {
      await copyText(props.smiles);
    } catch {
      // Clipboard refused (insecure origin or permission): the text stays selectable in the box.
    }
  };
  const waitForEditor = props.editorReady ? undefined : 'Available once the molecule editor has loaded';

  return (
    <div className={styles.bar}>
      <label htmlFor={inputId} className={styles.barLabel}>
        Query molecule (SMILES)
      </label>
      <div className={styles.barRow}>
        <div className={styles.inputWrap}>
          <input
            ref={props.inputRef}
            id={inputId}
            className={`${styles.smilesInput} ${props.error ? styles.inputInvalid : ''}`}
            type="text"
            placeholder="Enter SMILES notation"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={props.smiles}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? errorId : undefined}
            onChange={(event) => props.onSmilesChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                props.onSearch();
              }
            }}
          />
          {props.copyable && props.smiles ? (
            <button type="button" className={styles.copyButton} onClick={() => void copy()} aria-label="Copy SMILES">
              {copied ? 'Copied' : 'Copy'}
            </button>
          ) : null}
        </div>
        <div className={styles.barButtons}>
          <Button onClick={props.onExample} disabled={!props.editorReady} title={waitForEditor}>
            Example
          </Button>
          <Button onClick={props.onClear} disabled={!props.editorReady} title={waitForEditor}>
            Clear
          </Button>
          <Button onClick={props.onDraw} disabled={!props.editorReady} title={waitForEditor}>
            Draw
          </Button>
          <Button variant="primary" onClick={props.onSearch} disabled={props.busy}>
            Search
          </Button>
        </div>
      </div>
      {props.error ? (
        <p id={errorId} className={styles.fieldError} role="alert">
          {props.error}
        </p>
      ) : null}
      <div className={styles.tryRow}>
        <span className={styles.tryLabel}>Try:</span>
        {EXAMPLE_MOLECULES.map((molecule) => (
          <Tooltip key={molecule.name} content={<code>{molecule.smiles}</code>}>
            <button
              type="button"
              className={styles.tryButton}
              disabled={!props.editorReady}
              onClick={() => props.onTry(molecule.name, molecule.smiles)}
            >
              {molecule.name}
            </button>
          </Tooltip>
        ))}
      </div>
    </div>
  );
}
