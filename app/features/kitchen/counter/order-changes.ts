/** What a staff edit changed, in the words the customer's page and the audit log show (0039). */

export interface EditedLine {
  menu_item_id: string | null;
  nama: string;
  jumlah: number;
  catatan: string;
}

const keyOf = (line: EditedLine) => line.menu_item_id ?? `nama:${line.nama}`;

export function describeChanges(
  before: { lines: readonly EditedLine[]; when: string },
  after: { lines: readonly EditedLine[]; when: string },
): string[] {
  const changes: string[] = [];
  const old = new Map(before.lines.map((line) => [keyOf(line), line]));
  const kept = new Set<string>();
  for (const line of after.lines) {
    const was = old.get(keyOf(line));
    if (!was) {
      changes.push(`Ditambah: ${line.jumlah}x ${line.nama}`);
      continue;
    }
    kept.add(keyOf(line));
    if (was.jumlah !== line.jumlah) changes.push(`${line.nama}: ${was.jumlah}x → ${line.jumlah}x`);
    if (was.catatan !== line.catatan)
      changes.push(line.catatan ? `Catatan ${line.nama}: ${line.catatan}` : `Catatan ${line.nama} dihapus`);
  }
  for (const line of before.lines) {
    if (!kept.has(keyOf(line))) changes.push(`Dihapus: ${line.jumlah}x ${line.nama}`);
  }
  if (before.when !== after.when) changes.push(`Waktu: ${before.when} → ${after.when}`);
  return changes;
}
