import { useState } from 'react';
import type { ApiKey } from '../../api/account-api.ts';
import { keyBadge, maskFullKey, maskKey } from './api-key-format.ts';
import { ApiKeyFacts } from './api-key-fields.tsx';
import styles from './api-key-dialog.module.css';
import { useCopy } from '../../ui/use-copy.ts';
import { Button } from '../../ui/button.tsx';

export interface ApiKeyCardProps {
  apiKey: ApiKey;
  /** The full key, known only right after creation: our server keeps hashes, never the key itself. */
  fullValue?: string;
  now: number;
  onEdit: () => void;
  onDelete: () => void;
}

export function ApiKeyCard({ apiKey, fullValue, now, onEdit, onDelete }: ApiKeyCardProps): React.JSX.Element {
  const [visible, setVisible] = useState(true);
  const { copied, copy } = useCopy();
  const badge = keyBadge(apiKey, now);
  const name = apiKey.key_name || 'Unnamed Key';
  const shown = fullValue ? (visible ? fullValue : maskFullKey(fullValue)) : maskKey(apiKey.key_prefix, apiKey.key_suffix);

  return (
    <article className={styles.card} aria-label={name} data-testid="api-key-card">
      <header className={styles.cardHeader}>
        <h3 className={styles.cardTitle}>{name}</h3>
        <span className={styles.badge} data-badge={badge}>
          {badge}
        </span>
      </header>
      {apiKey.key_description && <p className={styles.description}>{apiKey.key_description}</p>}
      <ApiKeyFacts apiKey={apiKey} now={now} />
      {fullValue && (
        <p className={styles.onceNotice} role="note">
          Copy this key now: for your security it is shown only once.
        </p>
      )}
      <div className={styles.keyRow}>
        <code className={styles.keyValue} data-testid="api-key-value">
          {shown}
        </code>
        {fullValue && (
          <span className={styles.keyButtons}>
            <Button type="button" size="sm" variant="secondary" onClick={() => setVisible((v) => !v)} aria-label={visible ? 'Hide key' : 'Show key'}>
              {visible ? 'Hide' : 'Show'}
            </Button>
            <Button type="button" size="sm" variant="secondary" onClick={() => void copy(fullValue)} aria-label="Copy key">
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          </span>
        )}
      </div>
      <div className={styles.cardActions}>
        <Button type="button" variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        <Button type="button" variant="danger" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </div>
    </article>
  );
}
