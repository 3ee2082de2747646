import { createHash } from 'node:crypto';

/**
 * The id of one hit as the web app knows it: lowercased database, vendor id and a short hash of the
 * SMILES joined by colons, so the same vendor id with different structures never collides.
 */
export function resultId(database: string, vendorId: string, smiles: string): string {
  const hash = createHash('sha256').update(smiles).digest('hex').slice(0, 12);
  return `${database.toLowerCase()}:${vendorId}:${hash}`;
}
