import { deviceDb, userRange, type Conflict, type OutboxEntry } from './device-db'

/** Where the counter keeps its changes until the server has booked them: one user's part of the device's database. */
export interface OutboxStore {
  /** this user's waiting changes, oldest first */
  list(): Promise<OutboxEntry[]>
  put(entry: OutboxEntry): Promise<void>
  has(requestId: string): Promise<boolean>
  remove(requestId: string): Promise<void>
  /** the change leaves the outbox for the conflicts, in one transaction */
  refuse(conflict: Conflict): Promise<void>
  conflicts(): Promise<Conflict[]>
  dismiss(requestId: string): Promise<void>
  lastSync(): Promise<number | null>
  setLastSync(at: number): Promise<void>
}

/** The outbox of `userId` on this device. Another user's records are never read, sent or removed through it. */
export function outboxStore(userId: string): OutboxStore {
  const mine = <T extends { userId: string }>(record: T | undefined) => (record?.userId === userId ? record : undefined)
  return {
    async list() {
      return (await deviceDb()).getAllFromIndex('outbox', 'byUser', userRange(userId))
    },
    async put(entry) {
      if (entry.userId !== userId) throw new Error('An outbox entry is kept only in its own user’s outbox')
      await (await deviceDb()).put('outbox', entry)
    },
    async has(requestId) {
      return mine(await (await deviceDb()).get('outbox', requestId)) !== undefined
    },
    async remove(requestId) {
      const tx = (await deviceDb()).transaction('outbox', 'readwrite')
      if (mine(await tx.store.get(requestId))) await tx.store.delete(requestId)
      await tx.done
    },
    async refuse(conflict) {
      const tx = (await deviceDb()).transaction(['outbox', 'conflicts'], 'readwrite')
      const outbox = tx.objectStore('outbox')
      if (mine(await outbox.get(conflict.requestId))) {
        await outbox.delete(conflict.requestId)
        await tx.objectStore('conflicts').put({ ...conflict, userId })
      }
      await tx.done
    },
    async conflicts() {
      return (await deviceDb()).getAllFromIndex('conflicts', 'byUser', userRange(userId))
    },
    async dismiss(requestId) {
      const tx = (await deviceDb()).transaction('conflicts', 'readwrite')
      if (mine(await tx.store.get(requestId))) await tx.store.delete(requestId)
      await tx.done
    },
    async lastSync() {
      return mine(await (await deviceDb()).get('sync', userId))?.lastSyncAt ?? null
    },
    async setLastSync(at) {
      await (await deviceDb()).put('sync', { userId, lastSyncAt: at })
    },
  }
}
