'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { createDraftOrders } from '@/lib/actions/reorder-actions'
import { deliveryWhen } from '@/lib/format/lead-time'
import { plural } from '@/lib/format/plural'
import { useServerForm } from '@/lib/hooks/use-server-form'
import { Button } from '@/components/ui/button'

export interface ReorderGroup {
  supplier: { id: string; name: string; leadTimeDays: number }
  /** the supplier's open draft, where the ticked lines go */
  draft: { id: string; label: string } | null
  lines: { productId: string; name: string; qty: number; packs: number; packSize: number; orderQty: number; reason: string }[]
}

/** The suggestions by supplier, each ticked; the ticked ones become one draft order per supplier (products without one: UnlinkedReorder). */
export function ReorderForm({ groups, requestId }: { groups: ReorderGroup[]; requestId: string }) {
  const router = useRouter()
  // Where every supplier has an open draft, nothing new is made: the lines go into those drafts.
  const submit = groups.every((group) => group.draft) ? (groups.length === 1 ? 'Add to the draft order' : 'Add to the draft orders') : 'Make draft orders'
  const { pending, formProps } = useServerForm(createDraftOrders, {
    errorTitle: 'Could not make the draft orders',
    onSuccess: ({ message }) => {
      toast.success('Draft orders ready', { description: `${message}.` })
      router.push('/app/purchase-orders')
    },
  })
  return (
    <form {...formProps} className="grid gap-6">
      <input type="hidden" name="request_id" value={requestId} />
      {groups.map(({ supplier, draft, lines }) => (
        <section key={supplier.id} aria-label={supplier.name} className="grid gap-2 rounded-xl border p-4">
          <h2 className="font-semibold">{`${supplier.name} · delivers ${deliveryWhen(supplier.leadTimeDays)}`}</h2>
          {draft && (
            <p className="text-sm text-muted-foreground">
              Ticked lines are added to the open draft{' '}
              <Link href={`/app/purchase-orders/${draft.id}`} className="text-primary underline underline-offset-4">
                {draft.label}
              </Link>
              , not a new order: what it holds already counts as on order.
            </p>
          )}
          <ul className="divide-y">
            {lines.map((line) => (
              <li key={line.productId} className="flex items-start gap-3 py-2">
                <input
                  type="checkbox"
                  id={`order-${line.productId}`}
                  name={`order:${line.productId}`}
                  value={`${supplier.id}:${line.packs}`}
                  defaultChecked
                  className="mt-1 size-5 shrink-0 accent-primary"
                />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <label htmlFor={`order-${line.productId}`} className="font-medium">
                    {`${line.name}: order ${plural(line.orderQty, 'unit')}${line.packSize > 1 ? ` (${line.packs} × ${line.packSize})` : ''}`}
                  </label>
                  <p className="text-sm text-muted-foreground">
                    {`In stock ${line.qty}. It ${line.reason}.`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? 'Saving...' : submit}
        </Button>
      </div>
    </form>
  )
}
