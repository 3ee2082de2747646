import { Skeleton } from '../../ui/skeleton.tsx';
import styles from './search-results.module.css';

/** Eight placeholder cards while the first results load (spec section 2). */
export function ResultsSkeleton(): React.JSX.Element {
  return (
    <div className={styles.grid} role="status" aria-label="Loading results" data-results-skeleton="true">
      {Array.from({ length: 8 }, (_, index) => (
        <div key={index} className={styles.skeletonCard}>
          <Skeleton width="45%" height="1.25rem" />
          <Skeleton height="9rem" />
          <Skeleton width="70%" />
          <Skeleton width="40%" height="0.75rem" />
        </div>
      ))}
    </div>
  );
}
