import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}

/**
 * A component's class list by its variant props, worked out once per combination: a list page
 * draws the same few buttons and badges hundreds of times a view, and cva with tailwind-merge
 * costs microseconds each time. Bounded, as a className made per row would otherwise grow it.
 */
export function keptClasses<P extends Record<string, string | null | undefined>>(compute: (props: P) => string, max = 200) {
  const kept = new Map<string, string>()
  return (props: P): string => {
    // JSON keeps null (no variant) apart from undefined (the default), as cva does
    const key = JSON.stringify(props)
    let classes = kept.get(key)
    if (classes === undefined) {
      classes = compute(props)
      if (kept.size < max) kept.set(key, classes)
    }
    return classes
  }
}
