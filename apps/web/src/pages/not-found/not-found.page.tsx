import { Link } from 'react-router';
import { usePageMeta } from '../../shared/page-meta.ts';
import styles from './not-found.module.css';

/** A real "not found" answer for unknown paths and unknown vendor pages. */
export function NotFound({ what = 'page' }: { what?: string }): React.JSX.Element {
  usePageMeta('Page not found', 'The page you asked for does not exist on molsearch.');
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <p className={styles.code}>404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is no {what} at <code>{window.location.pathname}</code>.
      </p>
      <p>
        <Link to="/">Go to the multi-database search</Link> or read the <Link to="/tutorial">tutorial</Link>.
      </p>
    </section>
  );
}

export function Component(): React.JSX.Element {
  return <NotFound />;
}
