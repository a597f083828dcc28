// EMVCo QR data objects: ID, length, value (0033); lengths count characters, as EMV QRCPS does.
export interface DataObject {
  id: string;
  value: string;
}

const HEAD = /^(\d\d)(\d\d)$/;

export function parseTlv(text: string): DataObject[] | null {
  const chars = [...text];
  const objects: DataObject[] = [];
  let at = 0;
  while (at < chars.length) {
    const head = HEAD.exec(chars.slice(at, at + 4).join(""));
    const length = Number(head?.[2]);
    if (!head || length < 1 || at + 4 + length > chars.length) return null;
    objects.push({ id: head[1]!, value: chars.slice(at + 4, at + 4 + length).join("") });
    at += 4 + length;
  }
  return objects;
}

export function buildTlv(objects: readonly DataObject[]): string {
  return objects
    .map(({ id, value }) => {
      const length = [...value].length;
      if (!/^\d\d$/.test(id) || length < 1 || length > 99) {
        throw new RangeError(`Data object ${id} cannot hold ${length} characters.`);
      }
      return `${id}${String(length).padStart(2, "0")}${value}`;
    })
    .join("");
}
