import { Link, useParams } from 'react-router';
import { HitDetail } from '../../features/hit-detail/hit-detail.tsx';
import { usePageMeta } from '../../shared/page-meta.ts';
import styles from './hit.module.css';

/** `/hits/{job}/{database}/{result id}`: one hit's detail view on its own page, as shared or reloaded. */
export function Component(): React.JSX.Element {
  const { jobName = '', database = '', hitId = '' } = useParams();
  const vendorId = hitId.split(':').slice(1, -1).join(':') || hitId;
  usePageMeta(`${vendorId} – hit details`, `The hit ${vendorId} of ${database}: its scores, properties, 3D pose on the query and vendor.`);
  return (
    <div className={styles.page}>
      <nav className={styles.back} aria-label="Back">
        <Link to="/">New search</Link>
      </nav>
      <HitDetail hit={{ job_name: jobName, db_name: database, id: hitId }} headingLevel={1} />
    </div>
  );
}
