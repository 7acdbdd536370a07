// NUL and other C0/C1 control characters never belong in what a shop owner types,
// and PostgreSQL refuses NUL outright ("invalid byte sequence for encoding UTF8: 0x00").
// Tab, line feed and carriage return stay: notes and CSV cells may hold them.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g

export function stripControlChars(value: string): string {
  return value.replace(CONTROL, '')
}

/** Every string entry of a form, cleaned; files pass through untouched. */
export function cleanFormEntries(formData: FormData): Record<string, FormDataEntryValue> {
  // No prototype: a field named `__proto__` is a field like any other, never the object's prototype.
  const entries: Record<string, FormDataEntryValue> = Object.create(null)
  for (const [key, value] of formData) {
    entries[stripControlChars(key)] = typeof value === 'string' ? stripControlChars(value) : value
  }
  return entries
}
