import { describe, expect, it, vi } from 'vitest'
import { keptClasses } from './utils'

describe('keptClasses', () => {
  it('works a combination out once and keeps null apart from undefined', () => {
    const compute = vi.fn((props: { variant?: string | null; className?: string }) => `${props.variant === null ? 'none' : (props.variant ?? 'default')} ${props.className ?? ''}`)
    const classes = keptClasses(compute)
    expect(classes({ variant: 'outline', className: 'px-3' })).toBe('outline px-3')
    expect(classes({ variant: 'outline', className: 'px-3' })).toBe('outline px-3')
    expect(classes({ variant: null })).toBe('none ')
    expect(classes({ variant: undefined })).toBe('default ')
    expect(compute).toHaveBeenCalledTimes(3)
  })

  it('stops keeping at its bound but still answers', () => {
    const compute = vi.fn((props: { className: string }) => props.className)
    const classes = keptClasses(compute, 2)
    for (const name of ['a', 'b', 'c', 'c']) expect(classes({ className: name })).toBe(name)
    expect(compute).toHaveBeenCalledTimes(4)
  })
})
