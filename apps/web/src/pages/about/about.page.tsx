import { Link } from 'react-router';
import { usePageMeta } from '../../shared/page-meta.ts';
import { candidatesByQuality, FOUND_TOP_30, foundPercent, MEASURED_ON, probeConformersByQuality } from '../../shared/search-options.ts';
import { SUPPORT_EMAIL } from '../../components/footer/footer.tsx';
import { SupportedDatabases } from '../../features/databases/supported-databases.tsx';
import styles from '../legal/content-page.module.css';

const { fast, very_accurate: veryAccurate } = FOUND_TOP_30;
const probes = probeConformersByQuality();

/** /about: what molsearch does, how it searches and which catalogues it covers. */
export function Component(): React.JSX.Element {
  usePageMeta(
    'About',
    'molsearch finds purchasable compounds similar to a query molecule by Morgan fingerprints, 3D shape and electrostatics across vendor catalogues.',
  );
  return (
    <article className={styles.page}>
      <h1>About molsearch</h1>
      <p className={styles.lead}>
        molsearch finds compounds you can actually buy that resemble a molecule you care about. Draw or paste a structure, pick a similarity method
        and the vendor catalogues to search, and get ranked, downloadable hits in seconds.
      </p>

      <h2>What it is for</h2>
      <p>
        Hit expansion, scaffold hopping and analogue-by-catalogue work all start with the same question: which commercially available molecules are
        close to this one? Vendor catalogues now hold billions of make-on-demand and in-stock compounds, spread over many suppliers with their own
        search tools. molsearch puts them behind one query and one scoring scale, so you can compare suppliers side by side, filter by similarity,
        look at computed drug-like properties and export the hits for docking, a medicinal chemistry review or a purchase order.
      </p>

      <h2>How a search works</h2>
      <p>Every catalogue is prepared once when it is imported. Each molecule is standardised (largest organic fragment, charges neutralised where it is safe), canonicalised and described in three ways:</p>
      <ul>
        <li>
          <strong>Morgan fingerprint</strong> — circular substructure keys of radius 2 folded into 2,048 bits, identical to RDKit&apos;s. Similarity is
          the Tanimoto coefficient. The search is exact: a popcount bound skips molecules that cannot reach the current cut-off, so nothing is lost.
        </li>
        <li>
          <strong>Shape</strong> — three conformers per catalogue molecule (thirty for the query). The molecules whose volume fingerprints
          (Tanimoto on bits) are closest to the query&apos;s conformers are found by comparing every fingerprint in catalogues of up to 2 million
          molecules, and through a graph index (HNSW) that does not visit the whole catalogue in larger ones; their volume grids are compared with the query&apos;s in principal-axes poses (at fast quality, with the query&apos;s grids also moved half a voxel either way along its long axis and the three comparisons averaged, so that how the atoms happen to fall on the 1 Å voxels matters less) and the best are kept as candidates; each
          candidate is then aligned on the query and scored exactly by the Gaussian volume overlap of the two molecules (shape Tanimoto).
        </li>
        <li>
          <strong>Electrostatic</strong> — each molecule in its dominant charge state at pH 7.4 with MMFF94 partial charges; the same
          best-shape alignment as the Shape method, then, at that pose, the mean of the shape Tanimoto and the Tanimoto of the two
          molecules&apos; Coulomb potentials (renormalised from −1/3..1 to 0..1), as ESPsim computes it: identical molecules score 1, and a small
          fragment whose few charges line up with part of the query scores well below the query itself. Databases built before these charges
          (Gasteiger charges of the neutral form; the database list says which) keep the Carbó index C of the potentials at the same pose,
          reported as (C + 1) / 2, which ignores size. Its candidates are found by charge fingerprints (where each molecule&apos;s potential
          is positive or negative around it) as well as by volume, so a molecule that matches the query&apos;s charges is not missed for its
          shape.
        </li>
        <li>
          <strong>Consensus</strong> — the three scores fused. They live on different scales, so each is first turned into its rarity p for
          the query in the database searched (the share of 1,000 fixed molecules of that database scoring at least as high), and the hit
          scores L / (1 + L), L the weighted mean of −log₁₀ p: Morgan half, shape and the charges a quarter each (the charges by their own
          ESP score, so shape does not count twice). A molecule rare by one score alone still ranks high. Candidates come from all three
          methods, and every hit carries its Morgan, shape and electrostatic scores.
        </li>
      </ul>
      <p>
        For the 3D methods the <em>search quality</em> sets how much of the index the first stage probes (from {probes.scanned} of the
        query&apos;s conformers against every conformer of each molecule in databases of up to 2 million molecules, from {probes.walked}{' '}
        against first conformers in larger ones, keeping more molecules per conformer at each step) and how many candidates of each
        database are scored exactly:{' '}
        {candidatesByQuality('shape')} from Fast to Very Accurate (an electrostatic search {candidatesByQuality('electrostatic')}, a consensus one{' '}
        {candidatesByQuality('consensus')}). On a catalogue of {MEASURED_ON} a shape search then finds {foundPercent(fast.shape)} (Fast)
        and {foundPercent(veryAccurate.shape)} (Very Accurate) of the true 30 best, an electrostatic one {foundPercent(fast.electrostatic)} and{' '}
        {foundPercent(veryAccurate.electrostatic)}; rigid queries are found best. Morgan searches are exact at every quality. Every
        score is reported on a 0 to 1 scale, where 1 means identical by that method; how rare a score is in the database searched is shown
        beside it.
      </p>

      <h2>Results you can use</h2>
      <p>
        Results are grouped per catalogue and ranked best first. You can page through up to 100,000 hits per search, narrow them with a similarity
        threshold drawn over the score histogram, show computed properties (molecular weight, cLogP, TPSA, hydrogen-bond donors and acceptors,
        rotatable bonds, QED, rule-of-five and Veber checks) and download the selection or everything as CSV, SDF, SMILES or Excel. SDF downloads of
        3D searches carry the hits aligned on your query. &ldquo;Get quote&rdquo; opens an e-mail to the supplier with the compound ids filled in.
      </p>
      <p>
        The same searches are available to scripts through the public API with an API key; the <Link to="/tutorial">tutorial</Link> shows a complete
        Python example.
      </p>

      <h2>Supported databases</h2>
      <SupportedDatabases />

      <h2>Who we are</h2>
      <p>
        molsearch is built and run by a small team of computational chemists and software engineers. We do not sell compounds and take no commission
        on orders: quotes and purchases go directly between you and the supplier. We keep only the data needed to run the service and never use
        third-party analytics; the <Link to="/privacy-policy">privacy policy</Link> lists what is stored and why.
      </p>
      <p>
        Questions, a catalogue you would like to see, or a bug to report: write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </article>
  );
}
