/**
 * The connection budget's bookkeeping (docs/decisions/0030-connection-budget-and-outages.md): the
 * connections of one kind open now, per client address and in total. An entry counts until it is
 * released, or until `stillOpen` says it no longer waits for its client (checked when a limit is
 * reached, so an entry that finished without telling never blocks anyone).
 */
export interface OpenLimits {
  perAddress: number;
  total: number;
}

/** Which limit a new connection would pass. */
export type Refusal = "address" | "total";

export class OpenCount<Entry> {
  private readonly addressOf = new Map<Entry, string>();
  private readonly byAddress = new Map<string, Set<Entry>>();

  constructor(
    readonly limits: OpenLimits,
    private readonly stillOpen: (entry: Entry) => boolean = () => true,
  ) {}

  /** Counts `entry` for `address`, or says which limit it would pass (and counts nothing). */
  admit(address: string, entry: Entry): Refusal | null {
    if (this.countFor(address) >= this.limits.perAddress) return "address";
    if (this.addressOf.size >= this.limits.total) {
      for (const open of this.addressOf.keys()) if (!this.stillOpen(open)) this.release(open);
      if (this.addressOf.size >= this.limits.total) return "total";
    }
    this.addressOf.set(entry, address);
    let entries = this.byAddress.get(address);
    if (!entries) {
      entries = new Set();
      this.byAddress.set(address, entries);
    }
    entries.add(entry);
    return null;
  }

  /** Stops counting `entry` (again is harmless). */
  release(entry: Entry) {
    const address = this.addressOf.get(entry);
    if (address === undefined) return;
    this.addressOf.delete(entry);
    const entries = this.byAddress.get(address)!;
    entries.delete(entry);
    if (entries.size === 0) this.byAddress.delete(address);
  }

  /** What `address` holds open now. */
  countFor(address: string): number {
    const entries = this.byAddress.get(address);
    if (!entries) return 0;
    for (const entry of entries) if (!this.stillOpen(entry)) this.release(entry);
    return this.byAddress.get(address)?.size ?? 0;
  }

  get size() {
    return this.addressOf.size;
  }

  entries() {
    return this.addressOf.keys();
  }
}
