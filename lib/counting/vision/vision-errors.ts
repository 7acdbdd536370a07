import { AnalysisError, type AnalysisErrorCode } from '../analyser'

// Every failure the owner can meet, in words for them. What went wrong technically
// (HTTP status, the endpoint's own message) rides along as `cause` for the logs.

const NOTHING_CHANGED = 'Nothing was changed;'

export const ownerMessage = {
  timeout: `The photo-counting service took too long to answer. ${NOTHING_CHANGED} try again or use barcode counting.`,
  refused: `The photo-counting service declined to look at this photo. ${NOTHING_CHANGED} try a photo that shows only the shelf, or use barcode counting.`,
  malformed: `The photo-counting service gave an answer ShelfSnap could not read. ${NOTHING_CHANGED} try again or use barcode counting.`,
  notSetUp: `The photo-counting service did not accept ShelfSnap's settings. ${NOTHING_CHANGED} use barcode counting, and ask whoever set up ShelfSnap to check the photo-counting settings.`,
  busy: `The photo-counting service is busy right now. ${NOTHING_CHANGED} try again in a few minutes or use barcode counting.`,
  unreachable: `The photo-counting service could not be reached. ${NOTHING_CHANGED} try again later or use barcode counting.`,
  rejected: `The photo-counting service could not handle this request. ${NOTHING_CHANGED} use barcode counting, and ask whoever set up ShelfSnap to check the photo-counting settings.`,
  notAnImage: `This file is not a photo ShelfSnap can count from. ${NOTHING_CHANGED} use a JPEG, PNG or WebP photo.`,
  tooLarge: `This photo is too large to send for counting. ${NOTHING_CHANGED} take it at a lower resolution or use barcode counting.`,
  unreadable: `The photo-counting service could not read this photo. ${NOTHING_CHANGED} take a sharper photo or use barcode counting.`,
} as const

export function analysisError(code: AnalysisErrorCode, message: string, cause?: unknown): AnalysisError {
  const error = new AnalysisError(code, message)
  if (cause !== undefined) error.cause = cause
  return error
}

/** A failed attempt: whether one more attempt may help, and the error to throw if not. */
export interface AttemptFailure {
  retryable: boolean
  error: AnalysisError
}

function endpointMessage(body: unknown): string {
  const error = (body as { error?: { message?: unknown; code?: unknown } } | null)?.error
  return [error?.code, error?.message].filter((part) => typeof part === 'string').join(': ')
}

/** Maps an HTTP error status (and the `{error:{message,type,code}}` body) to an attempt failure. */
export function httpFailure(status: number, body: unknown): AttemptFailure {
  const detail = endpointMessage(body)
  const cause = { status, detail }
  const fail = (retryable: boolean, code: AnalysisErrorCode, message: string) => ({
    retryable,
    error: analysisError(code, message, cause),
  })
  if (status === 429) return fail(true, 'unavailable', ownerMessage.busy)
  if (status >= 500) return fail(true, 'unavailable', ownerMessage.unreachable)
  if (status === 401 || status === 403 || status === 404) return fail(false, 'unavailable', ownerMessage.notSetUp)
  if (status === 413) return fail(false, 'unreadable_image', ownerMessage.tooLarge)
  if ((status === 400 || status === 422) && /image/i.test(detail)) return fail(false, 'unreadable_image', ownerMessage.unreadable)
  return fail(false, 'unavailable', ownerMessage.rejected)
}
