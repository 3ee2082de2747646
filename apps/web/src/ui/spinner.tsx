import styles from './spinner.module.css';

/** A small rotating ring; `label` is read by screen readers. */
export function Spinner({ label = 'Loading', size = 16 }: { label?: string; size?: number }): React.JSX.Element {
  return <span role="status" aria-label={label} className={styles.spinner} style={{ width: size, height: size }} />;
}
