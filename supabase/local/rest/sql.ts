export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`

export const qualified = (name: string): string => `"public".${ident(name)}`

/** Collects bound values; every value from the request goes through here. */
export class Params {
  readonly values: (string | null)[] = []

  add(value: string | null): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}
