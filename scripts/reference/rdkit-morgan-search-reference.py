"""Reference for the engine's Morgan search: exact Tanimoto top hits computed by RDKit itself.

Reads the first rows of a shared catalogue (gzipped `smiles<TAB>id`), keeps single-fragment neutral
molecules (for those, the engine's standardisation is plain canonicalisation, so both sides fingerprint
the same structure), and for a few query rows writes every catalogue row's Tanimoto to the query with
BulkTanimotoSimilarity (Morgan radius 2, 2048 bits). Only ids and similarities are written.

usage: /usr/bin/python3 scripts/reference/rdkit-morgan-search-reference.py \
    ../shared/data/catalogs/chemspace_screening.smi.gz packages/engine/test-data/morgan-search-reference.tsv
"""
import gzip
import sys

from rdkit import Chem, DataStructs, rdBase
from rdkit.Chem import AllChem

ROWS = 120
QUERY_ROWS = [0, 37, 81, 119]


def main(source: str, target: str) -> None:
    molecules = []
    lines = 0
    with gzip.open(source, "rt") as handle:
        for line in handle:
            if len(molecules) >= ROWS:
                break
            lines += 1
            smiles, compound_id = line.rstrip("\n").split("\t")[:2]
            if "." in smiles:
                continue
            mol = Chem.MolFromSmiles(smiles)
            if mol is None or any(atom.GetFormalCharge() != 0 for atom in mol.GetAtoms()):
                continue
            fp = AllChem.GetMorganFingerprintAsBitVect(mol, 2, nBits=2048)
            molecules.append((compound_id, fp))
    fps = [fp for _, fp in molecules]
    with open(target, "w") as out:
        out.write(f"# RDKit {rdBase.rdkitVersion}; {ROWS} usable rows among the first {lines} lines of {source.split('/')[-1]}\n")
        out.write("query_id\tid\tsimilarity\n")
        for q in QUERY_ROWS:
            query_id, query_fp = molecules[q]
            for (compound_id, _), similarity in zip(molecules, DataStructs.BulkTanimotoSimilarity(query_fp, fps)):
                out.write(f"{query_id}\t{compound_id}\t{similarity:.6f}\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
