/** One record of the pose file: its molblock and its data fields. */
export interface PoseRecord {
  molblock: string;
  fields: Record<string, string>;
  /** One partial charge per atom of the molblock (e), from the atom_charges field; empty without it. */
  charges: number[];
}

/** The records of an SD file as get_hit_pose writes it: the query first, then the hit. */
export function parsePoseRecords(sdf: string): PoseRecord[] {
  return sdf
    .replace(/\r\n?/g, '\n')
    .split(/^\$\$\$\$\n?/m)
    .filter((record) => record.includes('M  END'))
    .map((record) => {
      const end = record.indexOf('M  END') + 'M  END'.length;
      const fields: Record<string, string> = {};
      for (const match of record.slice(end).matchAll(/^> +<([^>]+)>\n(.*)$/gm)) fields[match[1]!] = match[2]!;
      const charges = (fields.atom_charges ?? '').split(' ').filter(Boolean).map(Number);
      return { molblock: `${record.slice(0, end)}\n`, fields, charges };
    });
}
