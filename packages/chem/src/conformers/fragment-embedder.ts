import { buildBoundsMatrix } from './bounds-matrix.ts';
import { polishSkeleton } from './conformer-kernel.ts';
import { volumeTerms } from './distance-geometry-error.ts';
import { fragmentTree, type Fragment } from './fragment-tree.ts';
import { attemptSeed, seededRandom, type Random } from './random.ts';
import { refinementForceField } from './refinement-force-field.ts';
import { skeletonEmbedder, VDW_SCALE, type SkeletonEmbedder } from './skeleton-embedder.ts';
import type { EmbeddedAttempt } from './conformer-collector.ts';
import type { ConformerClock } from './stage-clock.ts';
import { starGeometry } from './star-geometry.ts';
import { stereoSatisfied } from './stereo-check.ts';
import { canonicalRingSystem, RingTemplates } from './ring-templates.ts';
import { subTopology } from './sub-topology.ts';
import { TorsionAssembly } from './torsion-assembly.ts';
import { torsionPreferences } from './torsion-preferences.ts';
import type { Topology } from './topology.ts';

/** Ring systems embedded on their own; beyond this many atoms (members and first shell) the whole molecule is. */
const RING_SYSTEM_LIMIT = 60;
/** A ring system's seed within an attempt, apart from the attempt's own stream. */
const RING_SEED_OFFSET = 1 << 20;
/**
 * The polish stops at a tenth of the gradient distance geometry's does: from an assembled start the last
 * hundred steps of a tight polish move atoms by hundredths of an ångström, and the shape gate is the same
 * (K = 3, seeds 0-3: median 0.799 and 0.797 at 0.05 and 0.15, 0.793 at 0.3) for half the polish.
 */
const POLISH_TOLERANCE = 0.1;

/** Ring systems embedded on this thread, for every molecule that has them. */
const ringTemplates = new RingTemplates();

/** How a fragment gets its own coordinates in an attempt. */
type FragmentShape = (attempt: number, deadline: number, random: Random) => Float64Array;

/**
 * Embeds skeletons by pieces: each ring system by distance geometry on its own (with its first shell, so
 * the bonds leaving it point the right way), each chain atom from ideal bond lengths and angles, the pieces
 * joined at minima of what turning about the bonds between them changes in the force field, then the
 * whole skeleton polished with that force field, as a full embedding is. A ring system without a
 * tetrahedral ring atom has one shape; others get `ringShapes` shapes, which attempts take in turn, so
 * their puckers vary. Ring systems without specified stereo are embedded once per thread for every
 * molecule that has them (ring-templates.ts), since catalogues reuse a few ring systems over and over.
 *
 * Far fewer coordinates move in the distance-geometry stage, and the polish starts next to a minimum.
 * Undefined for skeletons it does not handle (several pieces, no fragment, a chain atom of unusual
 * valence, a very large ring system): those take the full embedding.
 */
export interface FragmentEmbedder {
  topology: Topology;
  approximate: boolean;
  /** An attempt's skeleton before the polish; it depends only on the molecule, the seed and the attempt. */
  assemble: (attempt: number, deadline: number) => EmbeddedAttempt;
  /** Polishes a skeleton in place; whether its stereo is still right. */
  polish: (x: Float64Array, deadline: number) => boolean;
}

export function fragmentEmbedder(topology: Topology, seed: number, ringShapes: number, clock?: ConformerClock): FragmentEmbedder | undefined {
  const tree = fragmentTree(topology);
  if (!tree) return undefined;
  const { fragments, root, bridges } = tree;
  for (const fragment of fragments) {
    if (fragment.kind === 'chain' && topology.hybridisation[fragment.atoms[0]!] === 'other') return undefined;
    if (fragment.kind === 'rings' && fragment.atoms.length > RING_SYSTEM_LIMIT) return undefined;
  }
  const local = buildBoundsMatrix(topology, VDW_SCALE);
  const torsions = torsionPreferences(topology);
  const forceField = refinementForceField(topology, local, torsions, volumeTerms(topology.chiral, local));
  const assembly = new TorsionAssembly(topology, forceField.table, fragments, root, bridges, torsions);
  let approximate = false;
  const shapes = fragments.map((fragment, index): FragmentShape => {
    if (fragment.kind === 'chain') return chainShape(topology, fragment);
    const count = isFlexible(topology, fragment) ? Math.max(1, ringShapes) : 1;
    const canonical = canonicalRingSystem(topology, fragment);
    if (canonical) {
      const mapped: Float64Array[] = [];
      // The template's flag is known once its first shape is embedded.
      return (attempt) => {
        const k = attempt % count;
        if (!mapped[k]) {
          const shape = ringTemplates.shape(topology, fragment, canonical, seed, k, count);
          approximate ||= shape.approximate;
          mapped[k] = shape.coordinates;
        }
        return mapped[k];
      };
    }
    const embedder = skeletonEmbedder(subTopology(topology, fragment.atoms));
    approximate ||= embedder.approximate;
    return ringShape(embedder, attemptSeed(seed, RING_SEED_OFFSET + index), count);
  });
  const n = topology.size;
  return {
    topology,
    get approximate() {
      return approximate;
    },
    assemble(attempt, deadline) {
      clock?.start();
      const random = seededRandom(attemptSeed(seed, attempt));
      const x = new Float64Array(3 * n);
      assembly.start(x, fragments[root]!, shapes[root]!(attempt, deadline, random));
      clock?.lap('templates');
      bridges.forEach((bridge, index) => {
        const coordinates = shapes[bridge.to]!(attempt, deadline, random);
        clock?.lap('templates');
        assembly.attach(x, index, coordinates, random);
        clock?.lap('build');
      });
      return { coordinates: x, stereoOk: stereoSatisfied(topology, x) };
    },
    polish(x, deadline) {
      clock?.start();
      polishSkeleton(forceField, x, { maxIterations: 600, gradientTolerance: POLISH_TOLERANCE, deadline });
      clock?.lap('polish');
      return stereoSatisfied(topology, x);
    },
  };
}

/** A chain atom's ideal star; a tetrahedral centre no stereo descriptor fixes is mirrored at random. */
function chainShape(topology: Topology, fragment: Fragment): FragmentShape {
  const star = starGeometry(topology, fragment.atoms);
  const centre = fragment.atoms[0]!;
  const handed = fragment.atoms.length >= 4 && topology.hybridisation[centre] === 'sp3' && !topology.chiral.some((c) => c.centre === centre);
  if (!handed) return () => star;
  const mirror = star.map((value, k) => (k % 3 === 2 ? -value : value));
  return (_attempt, _deadline, random) => (random() < 0.5 ? star : mirror);
}

/** Whether a ring system has more than one shape: a tetrahedral ring atom lets it pucker. */
function isFlexible(topology: Topology, fragment: Fragment): boolean {
  return fragment.atoms.slice(0, fragment.members).some((atom) => topology.hybridisation[atom] === 'sp3');
}

/**
 * The `count` shapes of a ring system with specified stereo, embedded for its molecule alone when first
 * asked for and taken by attempts in turn. Each shape's seed is fixed, so an attempt gets the same shape on
 * whichever thread it runs.
 */
function ringShape(embedder: SkeletonEmbedder, seed: number, count: number): FragmentShape {
  const made: Float64Array[] = [];
  return (attempt, deadline) => {
    const k = attempt % count;
    return (made[k] ??= embedder.embed(attemptSeed(seed, k), deadline).coordinates);
  };
}
