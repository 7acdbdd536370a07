import { describe, expect, it } from 'vitest'
import { initialConnection, onChannelEvent, type ChannelEvent, type LiveConnection } from './live-connection'

function run(events: ChannelEvent[]) {
  let state: LiveConnection = initialConnection()
  const catchUps: boolean[] = []
  for (const event of events) {
    const next = onChannelEvent(state, event)
    state = next.state
    catchUps.push(next.catchUp)
  }
  return { status: state.status, catchUps }
}

describe('live connection', () => {
  it('goes live on the first join without reading the page again', () => {
    expect(run(['SUBSCRIBED'])).toEqual({ status: 'live', catchUps: [false] })
  })

  it('pauses when the socket drops or the join fails, and catches up once when it joins again', () => {
    expect(run(['SUBSCRIBED', 'CHANNEL_ERROR', 'CHANNEL_ERROR', 'SUBSCRIBED'])).toEqual({ status: 'live', catchUps: [false, false, false, true] })
    expect(run(['SUBSCRIBED', 'TIMED_OUT', 'SUBSCRIBED', 'SUBSCRIBED'])).toEqual({ status: 'live', catchUps: [false, false, true, false] })
    expect(run(['SUBSCRIBED', 'CLOSED'])).toEqual({ status: 'paused', catchUps: [false, false] })
  })

  it('pauses a first join that takes longer than the grace, and catches up when it comes', () => {
    expect(run(['GAVE_UP', 'SUBSCRIBED'])).toEqual({ status: 'live', catchUps: [false, true] })
  })

  it('ignores the grace once the channel has joined or failed', () => {
    expect(run(['SUBSCRIBED', 'GAVE_UP'])).toEqual({ status: 'live', catchUps: [false, false] })
    expect(run(['CHANNEL_ERROR', 'GAVE_UP', 'SUBSCRIBED'])).toEqual({ status: 'live', catchUps: [false, false, true] })
  })
})
