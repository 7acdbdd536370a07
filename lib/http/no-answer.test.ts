import { describe, expect, it } from 'vitest'
import { isNoAnswer, NO_ANSWER, noAnswerMessage, OFFLINE_NOT_SENT } from './no-answer'

describe('isNoAnswer', () => {
  it("is fetch's network failure, or a reply cut half-way, or anything while offline", () => {
    expect(isNoAnswer(new TypeError('Failed to fetch'), true)).toBe(true)
    expect(isNoAnswer(new Error('Connection closed.'), true)).toBe(true)
    expect(isNoAnswer(new Error('An error occurred in the Server Components render'), false)).toBe(true)
  })

  it("is not the server's own error, which the error page shows", () => {
    expect(isNoAnswer(Object.assign(new Error('An error occurred in the Server Components render'), { digest: '123' }), true)).toBe(false)
    expect(isNoAnswer('boom', true)).toBe(false)
  })

  it('says whether anything was sent', () => {
    expect(noAnswerMessage(false)).toBe(OFFLINE_NOT_SENT)
    expect(noAnswerMessage(true)).toBe(NO_ANSWER)
  })
})
