import { useEffect, useState } from 'react';
import { applyNewVersion, subscribeToNewVersion } from './service-worker.ts';
import styles from './new-version-prompt.module.css';

/** "A new version is available. Reload to update?" with Reload and Later. */
export function NewVersionPrompt(): React.JSX.Element | null {
  const [available, setAvailable] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => subscribeToNewVersion(setAvailable), []);
  if (!available || dismissed) return null;
  return (
    <div className={styles.prompt} role="alertdialog" aria-live="polite" aria-label="New version">
      <span>A new version is available. Reload to update?</span>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={applyNewVersion}>
          Reload
        </button>
        <button type="button" className={styles.secondary} onClick={() => setDismissed(true)}>
          Later
        </button>
      </div>
    </div>
  );
}
