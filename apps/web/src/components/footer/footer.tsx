import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../ui/dialog.tsx';
import styles from './footer.module.css';

export const SUPPORT_EMAIL = 'support@molsearch.org';

/** The spec's footer links. The "external" targets of the spec point to pages this server itself serves. */
export function Footer(): React.JSX.Element {
  const [appOpen, setAppOpen] = useState(false);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Footer" className={styles.links}>
          <Link to="/about">About</Link>
          <Link to="/tutorial">Tutorial</Link>
          {/* The spec's "Back to Classic" has no classic site to go back to here, so it is left out rather than pointing elsewhere. */}
          <button type="button" className={styles.linkButton} onClick={() => setAppOpen(true)}>
            Download App
          </button>
          <a href="/api/docs">API docs</a>
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/terms-and-conditions">Terms of Service</Link>
        </nav>
        <p className={styles.contact}>
          Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
        <p className={styles.copy}>molsearch — similarity search over purchasable compounds by electrostatics, 3D shape and Morgan fingerprints.</p>
      </div>
      <Dialog open={appOpen} onOpenChange={setAppOpen} title="Run molsearch on your own machine" description="The whole product — web app, API and search engine — runs on one server inside your network.">
        <ol className={styles.steps}>
          <li>Use a Debian 12 machine (or container) with Node.js 20 and git.</li>
          <li>
            Get the molsearch source from your molsearch contact (<a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>) and run{' '}
            <code>npm run demo</code> in its folder: it installs the dependencies, imports demo catalogues, builds this web app and
            serves everything on <code>http://localhost:8080</code>.
          </li>
          <li>
            Import your own vendor files with <code>npx molsearch import</code> and describe them in <code>config/catalogues.json</code>;
            the README lists every option.
          </li>
          <li>
            Scripts call the same API as this site; see the <a href="/api/docs">API docs</a>.
          </li>
        </ol>
      </Dialog>
    </footer>
  );
}
