import { TUPLE_QTY, type CatalogueData } from '@/lib/products/catalogue'
import { deviceDb, type CatalogueCopy } from './device-db'
import { PAGES_CACHE_PREFIX } from './sw-contract'

/** The catalogue as the server sent it, kept for this user with the time it was read. */
export async function keepCatalogue(userId: string, data: CatalogueData, readAt: number): Promise<void> {
  await (await deviceDb()).put('catalogues', { userId, data, readAt })
}

export async function keptCatalogue(userId: string): Promise<CatalogueCopy | null> {
  const copy = await (await deviceDb()).get('catalogues', userId)
  return copy?.userId === userId ? copy : null
}

/** A stock number the server gave since: the kept copy shows it too. */
export async function keepStock(userId: string, productId: string, qty: number): Promise<void> {
  const tx = (await deviceDb()).transaction('catalogues', 'readwrite')
  const copy = await tx.store.get(userId)
  const row = copy?.data.rows.find((tuple) => tuple[0] === productId)
  if (copy && row) {
    row[TUPLE_QTY] = qty
    await tx.store.put(copy)
  }
  await tx.done
}

/**
 * The device keeps one user's catalogue and pages: the one signed in (none once signed out).
 * Changes not yet booked stay, each for its own user, until that user signs in again.
 */
export async function keepOnlyUser(userId: string | null): Promise<void> {
  const tx = (await deviceDb()).transaction(['catalogues', 'sync'], 'readwrite')
  for (const store of [tx.objectStore('catalogues'), tx.objectStore('sync')]) {
    for (const key of await store.getAllKeys()) if (key !== userId) await store.delete(key)
  }
  await tx.done
  if (typeof caches === 'undefined') return
  const mine = userId && `${PAGES_CACHE_PREFIX}${userId}`
  const others = (await caches.keys()).filter((name) => name.startsWith(PAGES_CACHE_PREFIX) && name !== mine)
  await Promise.all(others.map((name) => caches.delete(name)))
}
