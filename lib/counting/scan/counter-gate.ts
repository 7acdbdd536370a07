// "Keep scanning" at the counter: each item scanned is sold once. A code is
// taken when it comes into view, and not again while it stays there: only
// once it has been out of view (no frame has read it) for LEFT_MS. An item
// held in front of the camera is one sale; the next item of the same product
// is taken once the first has been put down.

/** How long a code must go unread to count as having left the view. */
export const LEFT_MS = 1500

export class CounterGate {
  private readonly lastRead = new Map<string, number>()

  constructor(private readonly leftMs = LEFT_MS) {}

  /** The codes of a frame read at `now` (ms) that are new in view: each is one item. */
  take(codes: readonly string[], now: number): string[] {
    const taken: string[] = []
    for (const code of new Set(codes)) {
      const last = this.lastRead.get(code)
      if (last === undefined || now - last >= this.leftMs) taken.push(code)
      this.lastRead.set(code, now)
    }
    return taken
  }

  clear(): void {
    this.lastRead.clear()
  }
}
