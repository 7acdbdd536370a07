'use client'

import { useEffect, useRef, type DependencyList } from 'react'

/**
 * When `deps` change and the focused control has gone (focus fell to the page, as when a form is
 * drawn again or a button gives way to a field), focus `target()`: a keyboard or screen-reader user
 * carries on where they were, not from the top of the page. The first render moves nothing.
 */
export function useFocusAfter(target: () => HTMLElement | null | undefined, deps: DependencyList) {
  const first = useRef(true)
  const targetRef = useRef(target)
  useEffect(() => {
    targetRef.current = target
  })
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const active = document.activeElement
    if (active === null || active === document.body) targetRef.current()?.focus({ preventScroll: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller says when
  }, deps)
}
