/** The "Try:" molecules of the search bar (spec section 2), as isomeric SMILES. */
export const EXAMPLE_MOLECULES: readonly { name: string; smiles: string }[] = [
  { name: 'Aspirin', smiles: 'CC(=O)Oc1ccccc1C(=O)O' },
  { name: 'Penicillin V', smiles: 'CC1(C)S[C@@H]2[C@H](NC(=O)COc3ccccc3)C(=O)N2[C@H]1C(=O)O' },
  { name: 'Atorvastatin', smiles: 'CC(C)c1c(C(=O)Nc2ccccc2)c(-c2ccccc2)c(-c2ccc(F)cc2)n1CC[C@@H](O)C[C@@H](O)CC(=O)O' },
  { name: 'Tamoxifen', smiles: 'CC/C(=C(/c1ccccc1)c1ccc(OCCN(C)C)cc1)c1ccccc1' },
  { name: 'Caffeine', smiles: 'Cn1c(=O)c2c(ncn2C)n(C)c1=O' },
  { name: 'Olanzapine', smiles: 'Cc1cc2c(s1)Nc1ccccc1N=C2N1CCN(C)CC1' },
];
