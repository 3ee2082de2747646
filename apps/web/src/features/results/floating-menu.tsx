import styles from './search-results.module.css';

/** Always-reachable actions while reading results (spec section 2). */
export function FloatingMenu({ onModify, onNewSearch }: { onModify: () => void; onNewSearch: () => void }): React.JSX.Element {
  return (
    <nav className={styles.floating} aria-label="Search actions">
      <button type="button" className={styles.floatingButton} onClick={onModify}>
        <span aria-hidden="true">✎</span> Modify search
      </button>
      <button type="button" className={`${styles.floatingButton} ${styles.floatingPrimary}`} onClick={onNewSearch}>
        <span aria-hidden="true">+</span> New search
      </button>
    </nav>
  );
}
