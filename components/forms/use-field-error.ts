'use client'

import { useState } from 'react'

/**
 * A field's first server error, until the owner edits the field: then it is theirs to send
 * again, and the next answer (a new errors array) shows whatever is still wrong.
 */
export function useFieldError(errors: string[] | undefined): { error: string | undefined; edited: () => void } {
  const [editedAfter, setEditedAfter] = useState<string[] | undefined>()
  return { error: errors !== editedAfter ? errors?.[0] : undefined, edited: () => setEditedAfter(errors) }
}
