import { Link } from 'react-router';
import styles from './footer.module.css';

export const SUPPORT_EMAIL = 'support@molsearch.org';

/** The spec's footer links. The "external" targets of the spec point to pages this server itself serves. */
export function Footer(): React.JSX.Element {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Footer" className={styles.links}>
          <Link to="/about">About</Link>
          <Link to="/tutorial">Tutorial</Link>
          {/* The plain API front page the server shows when no web app is built. */}
          <a href="/api/docs">Back to Classic</a>
          <Link to="/tutorial#run-molsearch-yourself">Download App</Link>
          <a href="/api/docs">API docs</a>
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/terms-and-conditions">Terms of Service</Link>
        </nav>
        <p className={styles.contact}>
          Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
        <p className={styles.copy}>molsearch — similarity search over purchasable compounds by electrostatics, 3D shape and Morgan fingerprints.</p>
      </div>
    </footer>
  );
}
