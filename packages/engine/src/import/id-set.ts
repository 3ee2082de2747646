/**
 * The ids an import has kept, to drop later rows with an id already seen, in 24 to 48 bytes an id: a
 * table of 52-bit hashes and the row each hash was first kept as, open addressing at most half full.
 * The id strings in a Set and an array took 96 bytes an id of the importing process's heap (a million
 * ids of 14 characters), and grew with every row of a 10^7-row import. A hash alone can collide, so a hash
 * already in the table is checked against the ids of its rows (`idOf`, read back from where the caller
 * keeps them): two distinct ids are never taken for one, and the checks cost a read only for a repeated
 * id or a collision.
 */
export class IdSet {
  /** Hash + 1 in each slot (0: empty), and the row kept with it. */
  private hashes = new Float64Array(1 << 12);
  private rows = new Uint32Array(1 << 12);
  /** Rows whose hash was already in the table with another id: checked in turn (rare: about n² / 2^53 of them). */
  private collided: number[] = [];
  private size = 0;

  /** `idOf(row)`: the id kept as `row`; `hash`: a hash of at most 52 bits (another only to test collisions). */
  constructor(private readonly idOf: (row: number) => string, private readonly hash: (id: string) => number = idHash) {}

  /** Whether `id` was kept before; if not, records it as kept as `row`. */
  addIfNew(id: string, row: number): boolean {
    const hash = this.hash(id) + 1;
    const mask = this.hashes.length - 1;
    let slot = hash % this.hashes.length;
    let sameHash = false;
    for (; this.hashes[slot] !== 0; slot = (slot + 1) & mask) {
      if (this.hashes[slot] !== hash) continue;
      if (this.idOf(this.rows[slot]!) === id) return false;
      sameHash = true;
    }
    if (this.collided.some((kept) => this.idOf(kept) === id)) return false;
    if (sameHash) {
      this.collided.push(row);
      return true;
    }
    this.hashes[slot] = hash;
    this.rows[slot] = row;
    if (++this.size * 2 > this.hashes.length) this.grow();
    return true;
  }

  private grow(): void {
    const { hashes, rows } = this;
    this.hashes = new Float64Array(hashes.length * 2);
    this.rows = new Uint32Array(hashes.length * 2);
    const mask = this.hashes.length - 1;
    for (let old = 0; old < hashes.length; old++) {
      const hash = hashes[old]!;
      if (hash === 0) continue;
      let slot = hash % this.hashes.length;
      while (this.hashes[slot] !== 0) slot = (slot + 1) & mask;
      this.hashes[slot] = hash;
      this.rows[slot] = rows[old]!;
    }
  }
}

/** A 52-bit hash of the id's UTF-16 code units: two 32-bit FNV-1a variants, one shifted into the high bits. */
export function idHash(id: string): number {
  let low = 0x811c9dc5;
  let high = 0x01000193;
  for (let i = 0; i < id.length; i++) {
    const unit = id.charCodeAt(i);
    low = Math.imul(low ^ unit, 0x01000193) >>> 0;
    high = Math.imul(high ^ unit, 0x5bd1e995) >>> 0;
    high ^= high >>> 15;
  }
  return (high & 0xfffff) * 0x100000000 + low;
}
