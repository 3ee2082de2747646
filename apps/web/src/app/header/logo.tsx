import styles from './header.module.css';

/** The molsearch mark (a hexagon with a lens) and word mark. */
export function Logo(): React.JSX.Element {
  return (
    <span className={styles.logo}>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <polygon points="14,3 24,8.8 24,20.2 14,26 4,20.2 4,8.8" fill="none" stroke="#7cc4ff" strokeWidth="2.2" />
        <circle cx="14" cy="14.5" r="4.2" fill="#7cc4ff" />
        <line x1="21" y1="21.5" x2="29" y2="29.5" stroke="#e8f0f8" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className={styles.wordmark}>
        mol<strong>search</strong>
      </span>
    </span>
  );
}
