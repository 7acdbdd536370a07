import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { CatalogueData } from '@/lib/products/catalogue'

export type TapKind = 'sold' | 'received'

/**
 * One stock change waiting on this device: taps on "Sold 1" or +1 joined into one change, or an
 * adjustment from a product's page. It carries its request id from the first tap on, so it is
 * booked once however often it is sent.
 */
export interface OutboxEntry {
  requestId: string
  /** whose change it is: only this user's pages ever send it */
  userId: string
  /** the order it is sent in: the order it was made */
  seq: number
  productId: string
  /** the product's name when it was made, to name it in messages */
  name: string
  kind: TapKind | 'adjust'
  /** units: taps joined, or the adjustment's amount */
  count: number
  /** adjustments: up or down, with the form's reason and note */
  sign?: 1 | -1
  reason?: string
  note?: string | null
  createdAt: number
}

/** A change the server refused (stock would go below 0, the product is gone): the owner decides. */
export interface Conflict {
  requestId: string
  userId: string
  entry: OutboxEntry
  message: string
  /** the stock as stored when it was refused, when the server said */
  qty?: number
  at: number
}

/** The catalogue as last read from the server, for the counter offline. */
export interface CatalogueCopy {
  userId: string
  readAt: number
  data: CatalogueData
}

export interface SyncState {
  userId: string
  lastSyncAt: number
}

interface ShelfSnapDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { byUser: [string, number] } }
  conflicts: { key: string; value: Conflict; indexes: { byUser: [string, number] } }
  catalogues: { key: string; value: CatalogueCopy }
  sync: { key: string; value: SyncState }
}

export type DeviceDb = IDBPDatabase<ShelfSnapDb>

const NAME = 'shelfsnap'
let opening: Promise<DeviceDb> | null = null

/** The device's database (IndexedDB): every record in it is keyed by the user it belongs to. */
export function deviceDb(): Promise<DeviceDb> {
  opening ??= openDB<ShelfSnapDb>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'requestId' }).createIndex('byUser', ['userId', 'seq'])
      db.createObjectStore('conflicts', { keyPath: 'requestId' }).createIndex('byUser', ['userId', 'at'])
      db.createObjectStore('catalogues', { keyPath: 'userId' })
      db.createObjectStore('sync', { keyPath: 'userId' })
    },
    // A newer version opened in another tab: let it upgrade, and open again when next asked.
    blocking() {
      void opening?.then((db) => db.close())
      opening = null
    },
  })
  opening.catch(() => {
    opening = null
  })
  return opening
}

/** IDBKeyRange over one user's [userId, …] keys. */
export const userRange = (userId: string) => IDBKeyRange.bound([userId, -Infinity], [userId, Infinity])
