import { loadRDKit } from '@molsearch/chem';
import ExcelJS from 'exceljs';

/** RFC 4180 CSV (quoted fields, doubled quotes, embedded commas and newlines) into rows of strings. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = (): void => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (ch !== '\r') field += ch;
  }
  if (field !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** Each SD record parsed by RDKit: its canonical SMILES and its data fields. */
export async function parseSdf(text: string): Promise<{ canonical: string; title: string; fields: Record<string, string>; hasCoordinates: boolean; is3d: boolean }[]> {
  const rdkit = await loadRDKit();
  return text
    .split(/^\$\$\$\$\r?\n?/m)
    .filter((record) => record.trim().length > 0)
    .map((record) => {
      const end = record.indexOf('M  END');
      const molblock = record.slice(0, end + 'M  END'.length);
      const mol = rdkit.get_mol(molblock);
      if (!mol) throw new Error(`RDKit cannot read the molblock:\n${molblock}`);
      try {
        const fields: Record<string, string> = {};
        for (const match of record.slice(end).matchAll(/^> +<([^>]+)>\r?\n(.*)$/gm)) fields[match[1]!] = match[2]!;
        const coordinates = molblock.split('\n').slice(4, 4 + mol.get_num_atoms()).map((line) => line.slice(0, 30).trim().split(/\s+/).map(Number));
        return {
          canonical: mol.get_smiles(),
          title: record.split('\n')[0]!,
          fields,
          hasCoordinates: coordinates.some((xyz) => xyz.some((value) => value !== 0)),
          is3d: coordinates.some((xyz) => xyz[2] !== 0),
        };
      } finally {
        mol.delete();
      }
    });
}

/** The first sheet of an XLSX file as rows of cell values. */
export async function readXlsx(data: Buffer | ArrayBuffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

export async function canonicalSmiles(smiles: string): Promise<string> {
  const rdkit = await loadRDKit();
  const mol = rdkit.get_mol(smiles);
  if (!mol) throw new Error(`RDKit cannot read ${smiles}`);
  try {
    return mol.get_smiles();
  } finally {
    mol.delete();
  }
}

/** Heavy-atom elements (atomic numbers) and coordinates of a V2000 record, as written. */
export function molblockAtoms(record: string): { elements: number[]; xyz: Float64Array } {
  const lines = record.split('\n');
  const counts = lines.findIndex((line) => line.includes('V2000'));
  const count = Number.parseInt(lines[counts]!.slice(0, 3), 10);
  const atoms = lines.slice(counts + 1, counts + 1 + count);
  const numbers: Record<string, number> = { C: 6, N: 7, O: 8, S: 16, F: 9, Cl: 17, Br: 35, I: 53, P: 15, B: 5, Si: 14, Se: 34 };
  return {
    elements: atoms.map((line) => numbers[line.slice(31, 34).trim()] ?? 6),
    xyz: Float64Array.from(atoms.flatMap((line) => [line.slice(0, 10), line.slice(10, 20), line.slice(20, 30)].map(Number))),
  };
}
