import { describe, expect, it } from 'vitest'
import { cleanFormEntries, stripControlChars } from './clean-text'

describe('stripControlChars', () => {
  it('drops NUL and other control characters', () => {
    expect(stripControlChars('Mi\u0000lk\u0007 \u001b[31m1L\u009b')).toBe('Milk [31m1L')
  })

  it('keeps tabs, newlines, accents and emoji', () => {
    expect(stripControlChars('Café\tcrème\r\nline 2 🥛')).toBe('Café\tcrème\r\nline 2 🥛')
  })
})

describe('cleanFormEntries', () => {
  it('cleans every string entry and leaves files alone', () => {
    const form = new FormData()
    form.set('name', 'Bread\u0000')
    const file = new File(['\u0000binary'], 'a.csv')
    form.set('file', file)
    const entries = cleanFormEntries(form)
    expect(entries.name).toBe('Bread')
    expect(entries.file).toBeInstanceOf(File)
  })
})
