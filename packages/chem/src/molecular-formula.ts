const SYMBOLS = (
  'H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr ' +
  'Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu ' +
  'Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr ' +
  'Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og'
).split(' ');

export function elementSymbol(atomicNumber: number): string {
  return SYMBOLS[atomicNumber - 1] ?? '*';
}

interface FormulaAtom { atomicNumber: number; implicitHs: number; formalCharge: number }

function count(counts: Map<string, number>, symbol: string, n: number): void {
  if (n > 0) counts.set(symbol, (counts.get(symbol) ?? 0) + n);
}

/**
 * Formula as RDKit writes it: C, then H, then the other elements alphabetically (H comes first
 * also without carbon, where strict Hill order would sort it in), with the net charge appended as RDKit writes it ("+", "-2"). Isotopes count as their element.
 */
export function molecularFormula(atoms: readonly FormulaAtom[]): string {
  const counts = new Map<string, number>();
  let charge = 0;
  for (const atom of atoms) {
    count(counts, elementSymbol(atom.atomicNumber), 1);
    count(counts, 'H', atom.implicitHs);
    charge += atom.formalCharge;
  }
  const symbols = [...counts.keys()].sort((a, b) => formulaRank(a) - formulaRank(b) || (a < b ? -1 : a > b ? 1 : 0));
  let formula = '';
  for (const symbol of symbols) {
    const n = counts.get(symbol) ?? 0;
    formula += n === 1 ? symbol : `${symbol}${n}`;
  }
  if (charge !== 0) formula += `${charge > 0 ? '+' : '-'}${Math.abs(charge) > 1 ? Math.abs(charge) : ''}`;
  return formula;
}

function formulaRank(symbol: string): number {
  return symbol === 'C' ? 0 : symbol === 'H' ? 1 : 2;
}
