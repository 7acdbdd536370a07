import { z } from 'zod'

// The shape of public.report_people() (a report's "people"), parsed on the server.
const money = z.coerce.number()
const count = z.number().int().nonnegative()

export const salesByPersonSchema = z.array(
  z.object({
    user_id: z.uuid().nullable(),
    name: z.string(),
    sales: count,
    units: count,
    value: money,
    unpriced_products: count,
    products: z.array(z.object({ name: z.string(), units: count, value: money.nullable() })),
  }),
)

export type PersonSales = z.infer<typeof salesByPersonSchema>[number]

/** ?person=<id>: whose sales the report shows product by product; anything else is everyone. */
export function readPerson(value: string | string[] | undefined): string | null {
  const one = Array.isArray(value) ? value[0] : value
  return z.uuid().safeParse(one).success ? one! : null
}
