import { Link } from 'react-router';
import { usePageMeta } from '../../shared/page-meta.ts';
import { SUPPORT_EMAIL } from '../../components/footer/footer.tsx';
import styles from './content-page.module.css';

export const PRIVACY_POLICY_UPDATED = '23 November 2026';

/** /privacy-policy: what molsearch stores, why, for how long, and the user's rights. */
export function Component(): React.JSX.Element {
  usePageMeta('Privacy Policy', 'What molsearch stores about accounts, searches and downloads, why, for how long, and how to have it removed.');
  return (
    <article className={styles.page}>
      <h1>Privacy Policy</h1>
      <p className={styles.updated}>Last updated {PRIVACY_POLICY_UPDATED}</p>
      <p className={styles.lead}>
        We keep the data needed to run molsearch, to protect it from abuse and to understand which searches are useful — and nothing for advertising.
        This page lists all of it.
      </p>

      <h2>Who is responsible</h2>
      <p>
        molsearch is operated by the molsearch team, who decide how the data described here is used. For any question or request about your data,
        write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>

      <h2>What we store</h2>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Data we store">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">When</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Account: e-mail address, name, a salted hash of your password (never the password itself), sign-in provider if you use Google or LinkedIn</td>
              <td>When you create an account</td>
              <td>To sign you in and to recover access</td>
            </tr>
            <tr>
              <td>Profile: company, LinkedIn profile address, account type, whether you agreed to be contacted for feedback and to receive the newsletter, and the IP address of your latest sign-in</td>
              <td>When you complete your profile or change settings</td>
              <td>To provide the account and honour your choices</td>
            </tr>
            <tr>
              <td>Visitor cookie: a random identifier, kept for one year, that links your searches and downloads to your browser</td>
              <td>On your first visit</td>
              <td>So your results stay yours and rate limits apply per visitor rather than per network</td>
            </tr>
            <tr>
              <td>Sign-in sessions: a session cookie, its expiry, and the IP address and browser of the sign-in</td>
              <td>While you are signed in, including anonymous sessions</td>
              <td>To keep you signed in and to detect misuse</td>
            </tr>
            <tr>
              <td>API keys: name, description, expiry, usage count and time of last use; the key itself only as a one-way hash</td>
              <td>When you create or use a key</td>
              <td>To authenticate scripts and to show you how keys are used</td>
            </tr>
            <tr>
              <td>Searches: query structure (SMILES), method, quality, databases, number of results, time, your user id if signed in, and IP address</td>
              <td>Each search</td>
              <td>To run the search, to enforce fair-use limits and to improve the service</td>
            </tr>
            <tr>
              <td>Downloads, quote requests and use of the property columns: format, number of molecules, file size, databases, time, user id and IP address</td>
              <td>Each download, &ldquo;Get quote&rdquo; click or property view</td>
              <td>To prepare the files, prevent abuse and learn which features matter</td>
            </tr>
            <tr>
              <td>Feedback consent: the e-mail address you give in the feedback dialog and your two choices</td>
              <td>Only if you submit the dialog</td>
              <td>To contact you for feedback or send the newsletter, as you chose</td>
            </tr>
            <tr>
              <td>Usage events: which pages were viewed and which features were used (for example, that the similarity slider was moved), without the content of your queries</td>
              <td>While you use the site</td>
              <td>To see which parts of the product are used; processed on our own server only</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        Server logs record each request&apos;s time, method, path (without its query string), status, duration and a request id for troubleshooting;
        they do not contain passwords or API keys.
      </p>

      <h2>What we do not do</h2>
      <ul>
        <li>
          We use no third-party analytics, advertising or tracking scripts. Our only cookies are the visitor and sign-in cookies described above; they
          are never shared with anyone.
        </li>
        <li>We do not sell, rent or share your data with vendors or anyone else for their own purposes.</li>
        <li>
          &ldquo;Get quote&rdquo; opens an e-mail in your own mail program; nothing is sent to the supplier unless you send that e-mail yourself.
        </li>
        <li>We do not use your query structures for anything other than running, securing and improving molsearch.</li>
      </ul>

      <h2>How long we keep it</h2>
      <ul>
        <li>Search results (the hit lists) are deleted seven days after the search; prepared download files after one day.</li>
        <li>Records of searches, downloads and quote requests are kept for as long as the service runs, for usage statistics and abuse prevention.</li>
        <li>Account and profile data are kept until you deactivate your account; deactivation stops all access at once.</li>
        <li>Deleted API keys are deactivated immediately and can no longer be used.</li>
      </ul>

      <h2>Where it is processed</h2>
      <p>
        All data is stored in molsearch&apos;s own database and file storage on the servers that run the service. If you sign in with Google or
        LinkedIn, that provider confirms your identity to us under its own privacy policy; we receive your name, e-mail address and profile picture
        address.
      </p>

      <h2>Your rights</h2>
      <p>
        You can see and correct your profile in <Link to="/settings">Settings</Link>, change your consent choices at any time, delete API keys, and
        deactivate your account. You may also ask us for a copy of the data we hold about you, for its correction or erasure, or object to its use,
        by writing to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>; we answer within one month. If you are in the European Union or the
        United Kingdom you may also complain to your data protection authority.
      </p>

      <h2>Security</h2>
      <p>
        Passwords and API keys are stored only as hashes, our cookies cannot be read by scripts on the page, and access to the servers is
        restricted to the team. No system
        is perfectly secure: please keep your API keys private and delete any key you think has leaked.
      </p>

      <h2>Changes</h2>
      <p>
        When this policy changes we update the date above; significant changes are announced on the site before they take effect. The{' '}
        <Link to="/terms-and-conditions">Terms and Conditions</Link> govern the use of the service itself.
      </p>
    </article>
  );
}
