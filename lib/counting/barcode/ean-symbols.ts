// The EAN/UPC symbols the profile decoder fits (profile-decoder.ts): where
// each digit and guard lies, in modules, which seven-module patterns a digit
// may take there, and which digits make a valid code. Both check digits are
// a weighted sum mod 10, so the best and next best valid codes come from one
// Viterbi pass over the digits with the running sum as its state.

/** The seven modules of each digit, 1 = bar: L (odd parity), G (even parity), R (right half of an EAN-13). */
const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011']
const G_CODES = L_CODES.map((code) => [...code].reverse().map((bit) => (bit === '1' ? '0' : '1')).join(''))
const R_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''))
/** EAN-13: the first digit is the left half's L/G pattern (1 = G). */
const EAN13_PARITIES = ['000000', '001011', '001101', '001110', '010011', '011001', '011100', '010101', '010110', '011010']
/** UPC-E in number system 0: the check digit is the six digits' L/G pattern (1 = G); number system 1 is the other way round. */
const UPCE_PARITIES = ['111000', '110100', '110010', '110001', '101100', '100110', '100011', '101010', '101001', '100101']

/** A stretch of modules fitted as one: a guard (one pattern) or a digit (its patterns, one set per parity). */
export interface Stretch {
  at: number
  bits: number
  /** the modules either side that the symbol fixes, which blur reaches into */
  before: string
  after: string
  /** each set: the patterns in digit order */
  sets: string[][]
}

export interface SymbolRead {
  format: 'EAN13' | 'UPCA' | 'UPCE'
  text: string
  cost: number
  /** the next best valid code's cost */
  second: number
}

export interface Symbology {
  modules: number
  guards: Stretch[]
  digits: Stretch[]
  /** fewest and most dark runs from the first bar to the last (blur joins some) */
  runs: [number, number]
  /**
   * Least margin of a read over the next best valid code (profile-decoder.ts), set on lines across the
   * real-photo manifest's photos: half as much again as the largest margin of a wrong read there (EAN-13
   * and UPC-A 0.2; UPC-E, with six digits and no centre guard, 0.58 on the bars of longer codes).
   */
  minMargin: number
  /** the best valid code, from each digit's misfit to each of its patterns: costs[digit][set][value] */
  read(costs: number[][][]): SymbolRead | null
}

interface Step {
  costs: number[]
  weight: number
}

interface Path {
  cost: number
  digits: number[]
}

/** The two cheapest digit choices over `steps` whose weighted sum, from `start`, is 0 mod 10. */
function cheapestValid(steps: readonly Step[], start: number): Path[] {
  // per step, state (the sum mod 10) and rank: the cost, and the state, rank and digit it came from
  const cost: number[][] = [Array.from({ length: 20 }, (_, i) => (i === (start % 10) * 2 ? 0 : Infinity))]
  const from: number[][] = [[]]
  const digit: number[][] = [[]]
  steps.forEach(({ costs, weight }, step) => {
    const [c, f, d] = [new Array<number>(20).fill(Infinity), new Array<number>(20), new Array<number>(20)]
    for (let slot = 0; slot < 20; slot++) {
      const base = cost[step]![slot]!
      if (base === Infinity) continue
      for (let value = 0; value < 10; value++) {
        const to = (((slot >> 1) + weight * value) % 10) * 2
        const total = base + costs[value]!
        if (total >= c[to + 1]!) continue
        const rank = total < c[to]! ? 0 : 1
        if (rank === 0) [c[to + 1], f[to + 1], d[to + 1]] = [c[to]!, f[to]!, d[to]!]
        ;[c[to + rank], f[to + rank], d[to + rank]] = [total, slot, value]
      }
    }
    cost.push(c)
    from.push(f)
    digit.push(d)
  })
  return [0, 1].flatMap((rank) => {
    if (cost[steps.length]![rank] === Infinity) return []
    const digits: number[] = []
    for (let step = steps.length, slot = rank; step > 0; slot = from[step]![slot]!, step--) digits.unshift(digit[step]![slot]!)
    return [{ cost: cost[steps.length]![rank]!, digits }]
  })
}

type Candidate = { cost: number; format: SymbolRead['format']; text: string }

/**
 * The best and second best valid codes over groups of candidates (a group: one parity pattern), each group with
 * a bound no candidate of it costs less than (each digit's cheapest pattern in that parity). Groups are read
 * cheapest bound first, and none once its bound is past the second best found: most lines settle in a few.
 */
function bestOf(groups: { bound: number; read: () => Candidate[] }[]): SymbolRead | null {
  const found: Candidate[] = []
  for (const group of groups.sort((a, b) => a.bound - b.bound)) {
    if (found.length >= 2 && group.bound >= found[1]!.cost) break
    found.push(...group.read())
    found.sort((a, b) => a.cost - b.cost)
    found.length = Math.min(found.length, 2)
  }
  const [best, second] = found
  return best ? { ...best, second: second?.cost ?? Infinity } : null
}

/** Each digit's cheapest pattern cost in the sets given, summed. */
const boundOf = (costs: number[][][], sets: readonly number[]) => sets.reduce((sum, set, i) => sum + Math.min(...costs[i]![set]!), 0)

const digitStretch = (at: number, sets: string[][], before: string, after: string): Stretch => ({ at, bits: 7, before, after, sets })
const guard = (bits: string, at: number, before: string, after: string): Stretch => ({ at, bits: bits.length, before, after, sets: [[bits]] })

// A left digit (L or G) ends in a bar and the next starts with a space; an R digit the other way round.
export const EAN13: Symbology = {
  modules: 95,
  guards: [guard('101', 0, '00', '0'), guard('01010', 45, '1', '1'), guard('101', 92, '0', '00')],
  digits: [
    ...[0, 1, 2, 3, 4, 5].map((i) => digitStretch(3 + 7 * i, [L_CODES, G_CODES], '1', '0')),
    ...[0, 1, 2, 3, 4, 5].map((i) => digitStretch(50 + 7 * i, [R_CODES], '0', '1')),
  ],
  runs: [14, 33],
  minMargin: 0.3,
  read(costs) {
    return bestOf(
      [...Array(10).keys()].map((first) => {
        const sets = costs.map((_, i) => (i < 6 ? Number(EAN13_PARITIES[first]![i]) : 0))
        return {
          bound: boundOf(costs, sets),
          read: () => {
            // weights 1, 3, 1, …: the first digit's 1, then the twelve from 3
            const steps = costs.map((digit, i) => ({ costs: digit[sets[i]!]!, weight: i % 2 === 0 ? 3 : 1 }))
            return cheapestValid(steps, first).map(({ cost, digits }) => {
              const text = [first, ...digits].join('')
              return first === 0 ? { cost, format: 'UPCA' as const, text: text.slice(1) } : { cost, format: 'EAN13' as const, text }
            })
          },
        }
      }),
    )
  },
}

/**
 * UPC-A weights (3 for the number system and every other digit, 1 for the rest) of UPC-E's digits 1–5 as the
 * code expands, by its sixth digit (0–2: NS d1 d2 d6 0000 d3 d4 d5; 3: NS d1 d2 d3 00000 d4 d5;
 * 4: NS d1 d2 d3 d4 00000 d5; 5–9: NS d1 d2 d3 d4 d5 0000 d6), and the sixth digit's own weight.
 */
function upceWeights(sixth: number): { weights: number[]; own: number } {
  if (sixth <= 2) return { weights: [1, 3, 3, 1, 3], own: 1 }
  if (sixth === 3) return { weights: [1, 3, 1, 1, 3], own: 0 }
  if (sixth === 4) return { weights: [1, 3, 1, 3, 3], own: 0 }
  return { weights: [1, 3, 1, 3, 1], own: 3 }
}

export const UPCE: Symbology = {
  modules: 51,
  guards: [guard('101', 0, '00', '0'), guard('010101', 45, '1', '00')],
  digits: [0, 1, 2, 3, 4, 5].map((i) => digitStretch(3 + 7 * i, [L_CODES, G_CODES], '1', '0')),
  runs: [8, 18],
  minMargin: 0.9,
  read(costs) {
    return bestOf(
      [0, 1].flatMap((system) =>
        [...Array(10).keys()].map((check) => {
          const sets = [...UPCE_PARITIES[check]!].map((bit) => Number(bit) ^ system)
          return {
            bound: boundOf(costs, sets),
            read: () =>
              [...Array(10).keys()].flatMap((sixth) => {
                const { weights, own } = upceWeights(sixth)
                const steps = weights.map((weight, i) => ({ costs: costs[i]![sets[i]!]!, weight }))
                // the sum with the check digit (weight 1) is 0 mod 10
                const start = 3 * system + own * sixth + check
                return cheapestValid(steps, start).map(({ cost, digits }) => ({
                  cost: cost + costs[5]![sets[5]!]![sixth]!,
                  format: 'UPCE' as const,
                  text: `${system}${digits.join('')}${sixth}${check}`,
                }))
              }),
          }
        }),
      ),
    )
  },
}
