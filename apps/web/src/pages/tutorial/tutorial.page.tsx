import { useEffect } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../../shared/page-meta.ts';
import { candidatesByQuality, FOUND_TOP_30, foundPercent, MEASURED_ON } from '../../shared/search-options.ts';
import { pythonExample } from './python-example.ts';
import styles from '../legal/content-page.module.css';

const { fast, very_accurate: veryAccurate } = FOUND_TOP_30;

/** /tutorial: searching, reading scores, downloading, and the API from Python. */
export function Component(): React.JSX.Element {
  usePageMeta(
    'Tutorial',
    'How to search molsearch, read similarity scores, filter and download hits, request quotes, and use the API from Python with an API key.',
  );
  // The page loads after the browser has looked for the #section of the address: scroll to it now.
  useEffect(() => {
    const target = window.location.hash.slice(1);
    if (target) document.getElementById(decodeURIComponent(target))?.scrollIntoView();
  }, []);
  const origin = typeof window === 'undefined' ? 'https://molsearch.org' : window.location.origin;
  return (
    <article className={styles.page}>
      <h1>Tutorial</h1>
      <p className={styles.lead}>From a query structure to a list of purchasable analogues, in the browser or from a script.</p>
      <nav className={styles.toc} aria-label="Contents">
        <ol>
          <li>
            <a href="#query">Enter a query molecule</a>
          </li>
          <li>
            <a href="#options">Choose a method, quality and databases</a>
          </li>
          <li>
            <a href="#scores">Read the results and scores</a>
          </li>
          <li>
            <a href="#download">Select, download and request quotes</a>
          </li>
          <li>
            <a href="#api">Use the API from Python</a>
          </li>
        </ol>
      </nav>

      <h2 id="query">1. Enter a query molecule</h2>
      <p>
        On the <Link to="/">search page</Link>, type or paste a SMILES string into the box (for example <code>CC(=O)Oc1ccccc1C(=O)O</code> for
        aspirin) and press Enter, or draw the structure in the editor below it — the SMILES box follows your drawing and the drawing follows the box.
        The &ldquo;Try:&rdquo; row loads well-known drugs, and Example picks a random molecule from the catalogues.
      </p>
      <p>
        The structure is checked in the browser before anything is sent: an empty box, characters that cannot be SMILES or a structure that
        does not parse (an unclosed ring or branch, say) is reported right under it. Salts and counter-ions are fine; the largest organic
        fragment is used.
      </p>

      <h2 id="options">2. Choose a method, quality and databases</h2>
      <p>Pressing Search the first time opens the options panel; pressing it again runs the search.</p>
      <ul>
        <li>
          <strong>Morgan</strong> compares 2D substructures (radius-2 Morgan fingerprints, 2,048 bits, Tanimoto). Choose it for close analogues and
          series expansion; it is exact and the fastest.
        </li>
        <li>
          <strong>Shape</strong> compares 3D shape after aligning each candidate on your query. Choose it for scaffold hopping: molecules with a
          different skeleton but the same overall volume.
        </li>
        <li>
          <strong>Electrostatic</strong> adds the distribution of partial charges to the shape comparison, favouring molecules that would present the
          same polar surface to a binding site.
        </li>
      </ul>
      <p>
        <strong>Search quality</strong> matters for the 3D methods: a first stage finds the molecules whose volume fingerprints (and, for
        Electrostatic, charge fingerprints) are nearest those of the query&apos;s conformers (more of them, and more of their neighbours, at a
        higher quality) and passes the best {candidatesByQuality('shape')} candidates of each database, Fast to Very Accurate, to exact scoring
        (Electrostatic {candidatesByQuality('electrostatic')}; Consensus {candidatesByQuality('consensus')}). On {MEASURED_ON} a Fast shape
        search finds {foundPercent(fast.shape)} of the true 30 best and a Very Accurate one {foundPercent(veryAccurate.shape)} (electrostatic:{' '}
        {foundPercent(fast.electrostatic)} and {foundPercent(veryAccurate.electrostatic)}), rigid queries best. Morgan is exact at every quality. Tick one or more
        databases; the filters narrow the list by vendor, by tag (in stock, enumerated, fragments, size) or
        by name. On a vendor&apos;s own page (for example <code>/enamine</code>) only that vendor&apos;s databases are offered. While the job runs, a
        progress card shows which database is being searched.
      </p>

      <h2 id="scores">3. Read the results and scores</h2>
      <p>
        With several databases you first see a section per database with its ten best hits; &ldquo;View all results&rdquo; opens the database and lets
        you load more, thirty at a time. Your query is always the first card. Each card shows the drawing, the vendor&apos;s compound id, the database
        and the similarity score.
      </p>
      <p>
        Scores run from 0 to 1 under the chosen method, but the methods do not share one footing: a typical catalogue compound scores about 0.55
        by Electrostatic or Shape and about 0.1 by Morgan. Cards are therefore coloured by how rare a score is in the database it comes from — the share
        of that database scoring as high or higher, shown beside the score:
      </p>
      <ul className={styles.bands}>
        <li className={styles.veryHigh}>top 0.1 % of the database: very high</li>
        <li className={styles.high}>top 1 %: highly similar</li>
        <li className={styles.moderate}>top 10 %: moderate</li>
        <li className={styles.low}>the rest: low</li>
      </ul>
      <p>
        Compare raw scores within one method only. The histogram above a database&apos;s results shows how its scores are distributed; drag
        the similarity threshold slider under it and, half a second after you stop, only hits at or above the threshold are shown. Switch on{' '}
        <strong>Properties</strong> to add computed molecular weight, cLogP, TPSA, hydrogen-bond donors and acceptors, rotatable bonds, QED and
        rule-of-five checks to every card, with your query&apos;s own values on its card for comparison; <strong>Table view</strong> lists the
        loaded hits in a table you can sort by any column. Copy SMILES on a card copies that molecule&apos;s structure.
      </p>

      <h2 id="download">4. Select, download and request quotes</h2>
      <p>
        Click a card — or focus it with Tab and press Enter or Space — to select it. Download then offers the selected molecules or all results of the
        open database (respecting the threshold), in CSV, SDF, SMILES or Excel format, optionally with the property columns and the vendor&apos;s
        contact details. Large files are prepared on the server; the dialog shows progress and the file downloads when it is ready. Up to 100,000 hits
        can be downloaded per search.
      </p>
      <p>
        <strong>Get quote</strong> opens an e-mail to the supplier&apos;s order address with the ids and SMILES of your selection, where the supplier
        has published one. Modify search returns to the options with everything kept; New search starts over.
      </p>

      <h2 id="api">5. Use the API from Python</h2>
      <p>
        Every search the web page runs is available to scripts. Sign in, open <strong>API Keys</strong> from the menu and create a key; it is shown once,
        so store it safely (for example in the <code>MOLSEARCH_API_KEY</code> environment variable). Send it in the <code>X-API-Key</code> header of each
        request. The full reference, with every parameter and error, is at <a href="/api/docs">/api/docs</a>.
      </p>
      <p>The script below submits a search, waits for it, pages through the hits above a threshold and downloads all of them as SDF:</p>
      {/* Focusable so keyboard users can scroll the long lines sideways. */}
      <pre tabIndex={0} aria-label="Python example">
        <code>{pythonExample(origin)}</code>
      </pre>
      <p className={styles.callout}>
        Polling once a second and paging 100 to 1,000 hits per request stays well inside the rate limits. A job&apos;s results are kept for seven days
        and prepared download files for one day; after that, run the search again.
      </p>
    </article>
  );
}
