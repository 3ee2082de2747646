import { Link } from 'react-router';
import { usePageMeta } from '../../shared/page-meta.ts';
import { SUPPORT_EMAIL } from '../../components/footer/footer.tsx';
import styles from './content-page.module.css';

export const TERMS_UPDATED = '23 November 2026';

/** /terms-and-conditions: the rules for using the web app and the API. */
export function Component(): React.JSX.Element {
  usePageMeta('Terms and Conditions', 'The terms for using molsearch, its web application and its public API: accounts, API keys, fair use, data and liability.');
  return (
    <article className={styles.page}>
      <h1>Terms and Conditions</h1>
      <p className={styles.updated}>Last updated {TERMS_UPDATED}</p>
      <p className={styles.lead}>
        These terms apply to the molsearch website, its search results and downloads, and its public API. By using molsearch you agree to them.
      </p>

      <h2>1. The service</h2>
      <p>
        molsearch searches compound catalogues published by chemical suppliers for molecules similar to a query structure, and lets you view,
        filter and download the results. It is a research tool: we may add, change or remove features and catalogues, and we may interrupt the service
        for maintenance.
      </p>

      <h2>2. Accounts</h2>
      <ul>
        <li>You can search without an account. Some features — API keys and higher limits — need a registered account.</li>
        <li>Give accurate registration details, keep your password secret, and tell us at once if you suspect someone else is using your account.</li>
        <li>You are responsible for activity under your account and your API keys.</li>
        <li>You may deactivate your account at any time in Settings. We may suspend accounts that break these terms.</li>
      </ul>

      <h2>3. API keys and fair use</h2>
      <ul>
        <li>
          API keys are personal to your account. Do not publish them or embed them in software you distribute; delete a key that may have leaked. A
          user may hold at most three active keys, each valid for up to two years.
        </li>
        <li>
          Searches and requests are rate-limited per user, key or address so that everyone gets fair access. Do not try to get around these limits,
          for example by rotating keys or addresses.
        </li>
        <li>
          Do not use molsearch to copy a supplier&apos;s catalogue wholesale, to overload the service, to probe it for weaknesses, or for anything
          unlawful.
        </li>
      </ul>

      <h2>4. Catalogue data and orders</h2>
      <p>
        Compound structures, identifiers and availability come from the suppliers&apos; published catalogues and remain theirs. Catalogue data may be
        incomplete or out of date: always confirm structure, availability, purity, price and delivery with the supplier before ordering. molsearch is
        not a party to any purchase; &ldquo;Get quote&rdquo; only prepares an e-mail to the supplier, and any order is a contract between you and the
        supplier under its terms.
      </p>

      <h2>5. Scores and predictions</h2>
      <p>
        Similarity scores, 3D alignments and computed properties (such as cLogP, TPSA and QED) are models. They help prioritise compounds; they do not
        establish activity, safety or suitability for any use. Decisions about synthesis, testing or purchase remain yours.
      </p>

      <h2>6. Your queries and results</h2>
      <p>
        Your query structures and the results you download are yours to use, subject to the suppliers&apos; rights in their catalogue data. We process
        queries only as described in the <Link to="/privacy-policy">Privacy Policy</Link>. Do not submit structures you are not allowed to disclose to
        a third-party service.
      </p>

      <h2>7. Availability and liability</h2>
      <p>
        molsearch is provided &ldquo;as is&rdquo;, without warranties of availability, accuracy or fitness for a particular purpose. To the extent the
        law allows, we are not liable for indirect or consequential losses, lost profits or lost data arising from the use of the service. Nothing in
        these terms limits liability that cannot be limited by law.
      </p>

      <h2>8. Changes and contact</h2>
      <p>
        We may update these terms; the date above shows the latest version, and continued use after a change means you accept it. Questions:{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </article>
  );
}
