"""Reference values for the 2D chemistry of packages/chem, computed by RDKit itself.

Run from the repository root with Debian's RDKit (2022.09):
    /usr/bin/python3 scripts/reference/rdkit-2d-reference.py [--data ../shared/data]
It writes packages/chem/test-data/rdkit-2d-reference.tsv.gz: every approved drug of drugs.tsv that
RDKit parses, a deterministic sample (every Nth line) of three vendor catalogues, and hand-picked
standardisation cases. The tests compare our WebAssembly RDKit results with these values.

Columns:
  source, id, smiles            where the molecule comes from and its input SMILES
  canonical                     RDKit canonical SMILES
  morgan                        Morgan fingerprint, radius 2, 2048 bits, hex; byte i holds bits 8i..8i+7
                                with bit 8i in the least significant position
  qed                           rdkit.Chem.QED.qed
  mw, exact_mass, clogp, tpsa   Descriptors.MolWt, ExactMolWt, Crippen.MolLogP, rdMolDescriptors.CalcTPSA
  hbd, hba                      rdMolDescriptors.CalcNumHBD / CalcNumHBA
  lipinski_hbd, lipinski_hba    Lipinski.NHOHCount / NOCount (the rule-of-five counts)
  rotatable_bonds               rdMolDescriptors.CalcNumRotatableBonds (strict, the default)
  heavy_atoms, aromatic_rings   CalcNumHeavyAtoms, CalcNumAromaticRings
  fraction_sp3, stereo_centres  CalcFractionCSP3, CalcNumAtomStereoCenters
  formula                       rdMolDescriptors.CalcMolFormula
  hba_nx2                       HBA with RDKit's acceptor SMARTS as corrected in RDKit issue #8997 (2026):
                                an aromatic N counts only with two neighbours ([nH0X2] for [nH0])
  rotatable_bonds_plain_h       rotatable bonds with isotopic H (D, T) treated as ordinary implicit H;
                                2022.09 counts CD3-X as rotatable because it keeps D atoms explicit
  stereo_centres_ring_n         how many of stereo_centres are three-connected N (bridgehead or amide-like
                                ring N) that 2022.09's legacy perception counts and 2026 does not
  standardized                  largest organic fragment (organic first, then most heavy atoms, then the
                                canonical SMILES that sorts first), neutralised by
                                rdMolStandardize.Uncharger, as canonical SMILES
"""
import argparse
import gzip
import os
import sys

from rdkit import Chem, RDLogger, rdBase
from rdkit.Chem import AllChem, Crippen, Descriptors, Lipinski, QED
from rdkit.Chem import rdMolDescriptors as rdmd
from rdkit.Chem.MolStandardize import rdMolStandardize

RDLogger.DisableLog('rdApp.*')

# Every Nth line of each catalogue: about 200 molecules from each, chosen for variety
# (MolPort has salts and hydrochlorides, ZINC stereo and charged amines, Enamine acids and amino acids).
CATALOGUE_SAMPLES = [
    ('molport', 'catalogs/molport.smi.gz', 52),
    ('zinc15_d4screen', 'catalogs/zinc15_d4screen.smi.gz', 450),
    ('enamine_bb_del', 'catalogs/enamine_bb_del.smi.gz', 265),
]

# Standardisation cases: (id, SMILES). The expected parent comes from RDKit's Uncharger below.
STANDARDIZE_CASES = [
    ('sodium-acetate', 'CC(=O)[O-].[Na+]'),
    ('amine-hydrochloride', 'CCN(CC)CCOC(=O)c1ccc(N)cc1.Cl'),
    ('protonated-amine-chloride', 'C[NH+](C)CCc1c[nH]c2ccccc12.[Cl-]'),
    ('carboxylate-potassium', 'O=C([O-])c1ccccc1O.[K+]'),
    ('dicarboxylate-disodium', '[Na+].[Na+].[O-]C(=O)CCC([O-])=O'),
    ('maleate-salt', 'CN1CCN(CC1)C(c1ccccc1)c1ccccc1.OC(=O)/C=C\\C(O)=O'),
    ('quaternary-ammonium-bromide', 'C[N+](C)(C)CCOC(C)=O.[Br-]'),
    ('quaternary-ammonium-alone', 'C[N+](C)(C)Cc1ccccc1'),
    ('nitro', 'O=[N+]([O-])c1ccc(Cl)cc1'),
    ('pyridine-n-oxide', '[O-][n+]1ccccc1'),
    ('amine-n-oxide', 'C[N+](C)([O-])CCc1ccccc1'),
    ('zwitterionic-amino-acid', '[NH3+][C@@H](Cc1ccccc1)C([O-])=O'),
    ('betaine', 'C[N+](C)(C)CC([O-])=O'),
    ('pyridinium', 'c1cc[nH+]cc1.[Cl-]'),
    ('sulfonate-sodium', 'Cc1ccc(cc1)S([O-])(=O)=O.[Na+]'),
    ('phenolate-sodium', '[O-]c1ccccc1.[Na+]'),
    ('tetrazolate', 'c1ccc(cc1)-c1nn[n-]n1.[Na+]'),
    ('guanidinium-sulfate', 'NC(=[NH2+])NCCCC.OS(=O)(=O)[O-]'),
    ('hydrate-and-solvent', 'O.O.CC(=O)Nc1ccc(O)cc1.CCO'),
    ('equal-size-fragments', 'c1ccccc1O.c1ccccc1N'),
    ('inorganic-only', '[Na+].[Cl-]'),
    ('already-neutral', 'CC(=O)Oc1ccccc1C(=O)O'),
]


def morgan_hex(mol):
    fp = AllChem.GetMorganFingerprintAsBitVect(mol, 2, nBits=2048)
    out = bytearray(256)
    for bit in fp.GetOnBits():
        out[bit >> 3] |= 1 << (bit & 7)
    return out.hex()


def has_carbon(mol):
    return any(atom.GetAtomicNum() == 6 for atom in mol.GetAtoms())


def standardized(mol):
    fragments = Chem.GetMolFrags(mol, asMols=True, sanitizeFrags=True)
    ranked = sorted(
        fragments,
        key=lambda f: (0 if has_carbon(f) else 1, -f.GetNumHeavyAtoms(), Chem.MolToSmiles(f)),
    )
    parent = Chem.Mol(ranked[0])
    return Chem.MolToSmiles(rdMolStandardize.Uncharger().uncharge(parent))


# RDKit's NumHBA SMARTS with the 2026 correction of issue #8997 ([nH0X2,o,s;+0] instead of [nH0,o,s;+0]).
HBA_NX2 = Chem.MolFromSmarts(
    '[$([O,S;H1;v2]-[!$(*=[O,N,P,S])]),$([O,S;H0;v2]),$([O,S;-]),$([N;v3;!$(N-*=!@[O,N,P,S])]),$([nH0X2,o,s;+0])]'
)
PLAIN_H = Chem.RemoveHsParameters()
PLAIN_H.removeIsotopes = True


def ring_nitrogen_stereo_centres(mol):
    centres = Chem.FindMolChiralCenters(mol, includeUnassigned=True, useLegacyImplementation=True)
    return sum(1 for index, _ in centres
               if mol.GetAtomWithIdx(index).GetAtomicNum() == 7 and mol.GetAtomWithIdx(index).GetDegree() == 3)


def number(x):
    return repr(float(x))


def row(source, ident, smiles):
    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        return None
    return [
        source, ident, smiles,
        Chem.MolToSmiles(mol),
        morgan_hex(mol),
        number(QED.qed(mol)),
        number(Descriptors.MolWt(mol)),
        number(Descriptors.ExactMolWt(mol)),
        number(Crippen.MolLogP(mol)),
        number(rdmd.CalcTPSA(mol)),
        str(rdmd.CalcNumHBD(mol)),
        str(rdmd.CalcNumHBA(mol)),
        str(Lipinski.NHOHCount(mol)),
        str(Lipinski.NOCount(mol)),
        str(rdmd.CalcNumRotatableBonds(mol)),
        str(rdmd.CalcNumHeavyAtoms(mol)),
        str(rdmd.CalcNumAromaticRings(mol)),
        number(rdmd.CalcFractionCSP3(mol)),
        str(rdmd.CalcNumAtomStereoCenters(mol)),
        rdmd.CalcMolFormula(mol),
        str(len(mol.GetSubstructMatches(HBA_NX2))),
        str(rdmd.CalcNumRotatableBonds(Chem.RemoveHs(mol, PLAIN_H))),
        str(ring_nitrogen_stereo_centres(mol)),
        standardized(mol),
    ]


HEADER = [
    'source', 'id', 'smiles', 'canonical', 'morgan', 'qed', 'mw', 'exact_mass', 'clogp', 'tpsa', 'hbd', 'hba',
    'lipinski_hbd', 'lipinski_hba', 'rotatable_bonds', 'heavy_atoms', 'aromatic_rings', 'fraction_sp3',
    'stereo_centres', 'formula', 'hba_nx2', 'rotatable_bonds_plain_h', 'stereo_centres_ring_n', 'standardized',
]


def inputs(data):
    with open(os.path.join(data, 'drugs.tsv'), encoding='utf-8') as handle:
        header = handle.readline().rstrip('\n').split('\t')
        name_col, smiles_col, id_col = header.index('name'), header.index('smiles'), header.index('drugcentral_id')
        for line in handle:
            fields = line.rstrip('\n').split('\t')
            yield 'drugs', f'{fields[id_col]}:{fields[name_col]}', fields[smiles_col]
    for source, path, every in CATALOGUE_SAMPLES:
        with gzip.open(os.path.join(data, path), 'rt', encoding='utf-8') as handle:
            for number_, line in enumerate(handle):
                if number_ % every == 0:
                    smiles, ident = line.rstrip('\n').split('\t')[:2]
                    yield source, ident, smiles
    for ident, smiles in STANDARDIZE_CASES:
        yield 'standardize', ident, smiles


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--data', default=os.path.join(root, '..', 'shared', 'data'))
    parser.add_argument('--out', default=os.path.join(root, 'packages', 'chem', 'test-data', 'rdkit-2d-reference.tsv.gz'))
    args = parser.parse_args()
    written = skipped = 0
    # mtime=0 keeps the gzip bytes identical between runs.
    with open(args.out, 'wb') as raw, gzip.GzipFile(fileobj=raw, mode='wb', mtime=0) as gz:
        gz.write(f'# RDKit {rdBase.rdkitVersion}; scripts/reference/rdkit-2d-reference.py\n'.encode())
        gz.write(('\t'.join(HEADER) + '\n').encode())
        for source, ident, smiles in inputs(args.data):
            values = row(source, ident.replace('\t', ' '), smiles)
            if values is None:
                skipped += 1
                continue
            gz.write(('\t'.join(values) + '\n').encode())
            written += 1
    print(f'{written} molecules written to {args.out}; {skipped} inputs RDKit could not parse', file=sys.stderr)


if __name__ == '__main__':
    main()
