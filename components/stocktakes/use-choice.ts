'use client'

import { useState } from 'react'

/**
 * A choice shown as made the moment it is made, while the server works the
 * review out again; the server's answer then replaces it.
 */
export function useChoice<T>(saved: T): [T, (value: T) => void] {
  const [chosen, setChosen] = useState(saved)
  const [seen, setSeen] = useState(saved)
  if (seen !== saved) {
    setSeen(saved)
    setChosen(saved)
  }
  return [chosen, setChosen]
}
