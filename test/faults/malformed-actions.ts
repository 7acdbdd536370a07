// Bodies a script (not the app's own pages) may send to any Server Action, as text: the wrong
// shape of arguments, references to parts a text body does not have, and nesting deep enough to
// overflow a recursive decoder.
export const MALFORMED_ACTION_BODIES: Record<string, string> = {
  'no arguments': '[]',
  'an object': '{}',
  null: 'null',
  'a state and an object for the form': '[{"ok":false},{}]',
  'promise references': '["$@1","$@2"]',
  'a bare Map reference': '"$Q1"',
  'a Map reference in the list': '[{"ok":false},"$Q1"]',
  'a string for the form': '[{"ok":false},"x"]',
  'a number for the state': '[7,"$K1"]',
  '__proto__ keys': '[{"__proto__":{"ok":true}},{"__proto__":{"get":1}}]',
  '20,000-deep nesting': `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
}

export interface Answer {
  action: string
  body: string
  status: number
  text: string
}

/** POSTs every body to the action at `page` (with `cookie`, if any) and collects the answers. */
export async function sendMalformed(appUrl: string, action: { id: string; exportedName: string; page: string }, cookie?: string): Promise<Answer[]> {
  const answers: Answer[] = []
  for (const [body, text] of Object.entries(MALFORMED_ACTION_BODIES)) {
    const headers: Record<string, string> = { 'Next-Action': action.id, 'Content-Type': 'text/plain;charset=UTF-8' }
    if (cookie) headers.cookie = cookie
    const response = await fetch(`${appUrl}${action.page}`, { method: 'POST', headers, body: text, redirect: 'manual' })
    answers.push({ action: action.exportedName, body, status: response.status, text: await response.text() })
  }
  return answers
}
