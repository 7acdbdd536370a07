'use client'

import { useEffect, useRef, type DependencyList } from 'react'

const same = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]))

/**
 * When `deps` change and the focused control has gone (focus fell to the page, as when a form is
 * drawn again or a button gives way to a field), focus `target()`: a keyboard or screen-reader user
 * carries on where they were, not from the top of the page. Mounting moves nothing (nor does Strict
 * Mode's second run of the effects: the deps are compared, not counted).
 */
export function useFocusAfter(target: () => HTMLElement | null | undefined, deps: DependencyList) {
  const previous = useRef(deps)
  const targetRef = useRef(target)
  useEffect(() => {
    targetRef.current = target
  })
  useEffect(() => {
    if (same(previous.current, deps)) return
    previous.current = deps
    const active = document.activeElement
    if (active === null || active === document.body) targetRef.current()?.focus({ preventScroll: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller says when
  }, deps)
}
