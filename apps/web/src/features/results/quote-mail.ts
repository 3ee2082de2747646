import type { MoleculeRow } from './results.types.ts';

/** Lines listed in the e-mail body; mail programs cut very long mailto links. */
const MAX_LISTED = 40;

/** The vendor's order address, or null when the catalogue lists none ("N/A" or empty). */
export function orderEmail(email: string | undefined): string | null {
  const trimmed = email?.trim() ?? '';
  return trimmed && trimmed.toUpperCase() !== 'N/A' && trimmed.includes('@') ? trimmed : null;
}

/** A mailto: link asking the vendor for a quotation of `rows` (vendor id and SMILES of each). */
export function quoteMailto(email: string, databaseLabel: string, rows: MoleculeRow[]): string {
  const listed = rows.slice(0, MAX_LISTED);
  const lines = [
    'Hello,',
    '',
    `I would like a quotation for the following ${rows.length === 1 ? 'compound' : `${rows.length} compounds`} from ${databaseLabel}:`,
    '',
    ...listed.map((row) => `${row.originalId}  ${row.smiles}`),
    ...(rows.length > listed.length ? [`... and ${rows.length - listed.length} more (list attached separately)`] : []),
    '',
    'Please include amounts, purity, price and delivery time.',
    '',
    'Thank you.',
  ];
  const subject = `Quotation request: ${rows.length} compound${rows.length === 1 ? '' : 's'} from ${databaseLabel}`;
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\n'))}`;
}
