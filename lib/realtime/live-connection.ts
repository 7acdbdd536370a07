// Whether a page's live updates are on, from what realtime-js reports of its channel. Pure, so
// the hook (use-live-changes.ts) only wires it to the socket.

/** connecting: not joined yet; live: changes arrive; paused: the socket or the join failed, realtime-js retries. */
export type LiveStatus = 'connecting' | 'live' | 'paused'

/** What subscribe()'s callback reports, and GAVE_UP: no join within the grace of a first connection. */
export type ChannelEvent = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED' | 'GAVE_UP'

/** A first join slower than this shows the notice (and catches up once it comes). */
export const CONNECT_GRACE_MS = 10_000

export interface LiveConnection {
  status: LiveStatus
}

export const initialConnection = (): LiveConnection => ({ status: 'connecting' })

/**
 * The next state, and whether the page must read its data again: a join after the updates were
 * paused may have missed changes (none are replayed), so the page catches up once. The first
 * join does not: the page was read just before it.
 */
export function onChannelEvent(state: LiveConnection, event: ChannelEvent): { state: LiveConnection; catchUp: boolean } {
  if (event === 'SUBSCRIBED') return { state: { status: 'live' }, catchUp: state.status === 'paused' }
  if (event === 'GAVE_UP' && state.status !== 'connecting') return { state, catchUp: false }
  return { state: { status: 'paused' }, catchUp: false }
}
