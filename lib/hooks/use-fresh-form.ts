'use client'

import { useCallback, useRef, useState } from 'react'
import { useFocusAfter } from './use-focus-after'

/**
 * A form drawn afresh, its fields empty, each time `clear()` is called (after it was sent and
 * taken), with the focus back in it (`focus`: which control; its first field unless told): an
 * address left in the box invites a second tap. Give the form `key` and `ref`.
 */
export function useFreshForm(focus = 'input:not([type="hidden"]), select, textarea') {
  const [key, setKey] = useState(0)
  const ref = useRef<HTMLFormElement>(null)
  useFocusAfter(() => ref.current?.querySelector<HTMLElement>(focus), [key])
  const clear = useCallback(() => setKey((value) => value + 1), [])
  return { key, ref, clear }
}
