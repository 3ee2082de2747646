import { useQuery } from '@tanstack/react-query';
import { checkHealth } from '../../api/search-api.ts';
import { Button } from '../../ui/button.tsx';
import styles from './search.module.css';

/** Shown when the backend health check fails, with Retry ("Checking..." while it runs). */
export function HealthBanner(): React.JSX.Element | null {
  const health = useQuery({ queryKey: ['health'], queryFn: checkHealth, retry: 0, refetchInterval: 60_000 });
  if (!health.data || health.data.healthy) return null;
  return (
    <div className={styles.healthBanner} role="alert">
      <span>{health.data.message}</span>
      <Button size="sm" onClick={() => void health.refetch()} disabled={health.isFetching}>
        {health.isFetching ? 'Checking...' : 'Retry'}
      </Button>
    </div>
  );
}
