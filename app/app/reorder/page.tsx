import type { Metadata } from 'next'
import { randomUUID } from 'node:crypto'
import { PackageCheck } from 'lucide-react'
import { redirect } from 'next/navigation'
import { requireShop } from '@/lib/auth/require-shop'
import { orderNumber } from '@/lib/data/purchase-orders'
import { getReorderSuggestions } from '@/lib/data/reorder'
import { runsShop } from '@/lib/shops/roles'
import { RoleRequired } from '@/components/shop/role-required'
import { serviceLevelLabel } from '@/lib/reorder/service-levels'
import { ReorderForm, type ReorderGroup } from '@/components/reorder/reorder-form'
import { ServiceLevelForm } from '@/components/reorder/service-level-form'
import { UnlinkedReorder } from '@/components/reorder/unlinked-reorder'

export const metadata: Metadata = { title: 'Reorder' }

// A shop without suppliers yet has most of its catalogue unlinked: the emptiest first, the rest a tap away.
const UNLINKED_SHOWN = 20

const draftOf = (draft: { id: string; number: number } | undefined) => (draft ? { id: draft.id, label: orderNumber(draft.number) } : null)

export default async function ReorderPage({ searchParams }: { searchParams: Promise<{ unlinked?: string | string[] }> }) {
  const { shop, supabase } = await requireShop('/app/reorder')
  if (!runsShop(shop.role)) return <RoleRequired page="Reorder" shop={shop} />
  // One call: the shop's service level and the suppliers' open drafts come with the suggestions.
  const data = await getReorderSuggestions(supabase)
  if (!data) redirect('/')
  const { serviceLevel: level, groups, drafts } = data
  // Only what the form needs goes to the client.
  const orderable: ReorderGroup[] = groups.flatMap(({ supplier, lines }) =>
    supplier ? [{ supplier, draft: draftOf(drafts.get(supplier.id)), lines: lines.map(({ productId, name, qty, packs, packSize, orderQty, reason }) => ({ productId, name, qty, packs, packSize, orderQty, reason })) }] : [],
  )
  const unlinked = groups.find((group) => group.supplier === null)
  const shownUnlinked = (await searchParams).unlinked === 'all' ? undefined : UNLINKED_SHOWN
  const unlinkedLines = (unlinked?.lines ?? []).toSorted((a, b) => a.qty - b.qty || a.name.localeCompare(b.name)).slice(0, shownUnlinked)
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">Reorder</h1>
        <p className="text-sm text-muted-foreground">
          What to order now, by supplier: from the 28 selling days before today, each supplier&apos;s lead time and what is already on order, with enough
          safety stock to last until the delivery {serviceLevelLabel(level)} of the time.
        </p>
      </div>
      <ServiceLevelForm level={level} />
      {groups.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed p-8 text-center">
          <PackageCheck aria-hidden="true" className="size-8 text-muted-foreground" />
          <h2 className="font-semibold">Nothing to order now</h2>
          <p className="max-w-sm text-sm text-muted-foreground">Every product has enough in stock and on order to last until its next delivery.</p>
        </div>
      ) : (
        <>
          {orderable.length > 0 && <ReorderForm requestId={randomUUID()} groups={orderable} />}
          {unlinked && (
            <UnlinkedReorder
              total={unlinked.lines.length}
              lines={unlinkedLines.map(({ productId, name, qty, orderQty, reason }) => ({ productId, name, qty, orderQty, reason }))}
            />
          )}
        </>
      )}
    </main>
  )
}
