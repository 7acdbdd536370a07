// The mail catcher's web page: the caught messages, newest first, and each one
// as its HTML part (or its text). Plain server-rendered HTML; the message's own
// HTML is shown in a sandboxed frame, so its scripts cannot run.
import type { CaughtMessage } from './mailpit-shape.ts'

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const shell = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#111}
a{color:#1d4ed8}li{padding:.5rem 0;border-bottom:1px solid #ddd;list-style:none}ul{padding:0}
small{color:#555}iframe{width:100%;height:70vh;border:1px solid #ddd}pre{white-space:pre-wrap}</style></head>
<body>${body}</body></html>`

export function inboxPage(messages: readonly CaughtMessage[]): string {
  const items = messages
    .map((m) => {
      const to = m.envelopeTo.join(', ')
      return `<li><a href="/view/${m.id}.html">${escape(m.parsed.subject || '(no subject)')}</a><br>
<small>to ${escape(to)} · ${escape(m.created.toISOString())}</small></li>`
    })
    .join('\n')
  return shell(
    'Mail catcher',
    `<h1>Mail catcher</h1><p>Every email ShelfSnap sends in development lands here, not in an inbox.
${messages.length === 0 ? 'Nothing yet.' : `${messages.length} message${messages.length === 1 ? '' : 's'}, newest first.`}
The JSON API is Mailpit's: <a href="/api/v1/messages">/api/v1/messages</a>.</p><ul>${items}</ul>`,
  )
}

export function messagePage(m: CaughtMessage): string {
  const html = typeof m.parsed.html === 'string' ? m.parsed.html : ''
  const body = html
    ? `<iframe title="The message" sandbox srcdoc="${escape(html)}"></iframe>`
    : `<pre>${escape(m.parsed.text ?? '')}</pre>`
  return shell(
    m.parsed.subject ?? 'Message',
    `<p><a href="/">All messages</a></p><h1>${escape(m.parsed.subject || '(no subject)')}</h1>
<p><small>from ${escape(m.parsed.from?.text ?? '')} · to ${escape(m.envelopeTo.join(', '))}</small></p>${body}
<p><a href="/api/v1/message/${m.id}/raw">Raw message</a></p>`,
  )
}
