// The budget's bookkeeping (0030): an entry counts until released or no longer waiting for its client.
export interface OpenLimits {
  perAddress: number;
  total: number;
  totalWeight?: number;
}

export type Refusal = "address" | "total";

export class OpenCount<Entry> {
  private readonly open = new Map<Entry, { address: string; weight: number }>();
  private readonly byAddress = new Map<string, Set<Entry>>();
  private weight = 0;

  constructor(
    readonly limits: OpenLimits,
    private readonly stillOpen: (entry: Entry) => boolean = () => true,
  ) {}

  admit(address: string, entry: Entry, weight = 0): Refusal | null {
    if (this.countFor(address) >= this.limits.perAddress) return "address";
    const full = () =>
      this.open.size >= this.limits.total || this.weight + weight > (this.limits.totalWeight ?? Infinity);
    if (full()) {
      for (const open of this.open.keys()) if (!this.stillOpen(open)) this.release(open);
      if (full()) return "total";
    }
    this.open.set(entry, { address, weight });
    this.weight += weight;
    let entries = this.byAddress.get(address);
    if (!entries) {
      entries = new Set();
      this.byAddress.set(address, entries);
    }
    entries.add(entry);
    return null;
  }

  release(entry: Entry) {
    const found = this.open.get(entry);
    if (!found) return;
    this.open.delete(entry);
    this.weight -= found.weight;
    const entries = this.byAddress.get(found.address)!;
    entries.delete(entry);
    if (entries.size === 0) this.byAddress.delete(found.address);
  }

  countFor(address: string): number {
    const entries = this.byAddress.get(address);
    if (!entries) return 0;
    for (const entry of entries) if (!this.stillOpen(entry)) this.release(entry);
    return this.byAddress.get(address)?.size ?? 0;
  }

  get size() {
    return this.open.size;
  }

  get totalWeight() {
    return this.weight;
  }

  entries() {
    return this.open.keys();
  }
}
