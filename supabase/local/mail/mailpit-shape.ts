// Caught messages in the shapes of Mailpit's API v1, the mail catcher `supabase
// start` runs: a summary per message in lists, the whole message by id.
import type { AddressObject, ParsedMail } from 'mailparser'

export interface CaughtMessage {
  id: string
  raw: Buffer
  parsed: ParsedMail
  /** RCPT TO: who the message was handed to (Bcc included) */
  envelopeTo: string[]
  created: Date
  read: boolean
}

interface Address {
  Name: string
  Address: string
}

function addresses(field: AddressObject | AddressObject[] | undefined): Address[] {
  const groups = field === undefined ? [] : Array.isArray(field) ? field : [field]
  return groups.flatMap((group) => group.value).map((a) => ({ Name: a.name ?? '', Address: a.address ?? '' }))
}

/** A header as it was written (mailparser turns some, like List-*, into objects). */
const header = (m: CaughtMessage, name: string) => {
  const line = m.parsed.headerLines.find((h) => h.key === name)?.line ?? ''
  return line.slice(line.indexOf(':') + 1).trim()
}

/** The parts of List-Unsubscribe, as Mailpit reports them (RFC 2369 and 8058). */
function listUnsubscribe(m: CaughtMessage) {
  const value = header(m, 'list-unsubscribe')
  const links = [...value.matchAll(/<([^>]+)>/g)].map((match) => match[1]!)
  return {
    Header: value,
    Links: links,
    Errors: value && links.length === 0 ? 'No valid links found' : '',
    HeaderPost: header(m, 'list-unsubscribe-post'),
  }
}

export function messageSummary(m: CaughtMessage) {
  const text = m.parsed.text ?? ''
  return {
    ID: m.id,
    MessageID: (m.parsed.messageId ?? '').replace(/^<|>$/g, ''),
    Read: m.read,
    From: addresses(m.parsed.from)[0] ?? { Name: '', Address: '' },
    To: addresses(m.parsed.to),
    Cc: addresses(m.parsed.cc),
    Bcc: m.envelopeTo
      .filter((rcpt) => ![...addresses(m.parsed.to), ...addresses(m.parsed.cc)].some((a) => a.Address.toLowerCase() === rcpt.toLowerCase()))
      .map((Address) => ({ Name: '', Address })),
    ReplyTo: addresses(m.parsed.replyTo),
    Subject: m.parsed.subject ?? '',
    Created: m.created.toISOString(),
    Tags: [],
    Size: m.raw.length,
    Attachments: m.parsed.attachments.length,
    Snippet: text.replace(/\s+/g, ' ').trim().slice(0, 250),
  }
}

export function messageDetail(m: CaughtMessage) {
  const { Read: _read, Created: _created, Snippet: _snippet, Attachments: _count, ...summary } = messageSummary(m)
  return {
    ...summary,
    ReturnPath: header(m, 'return-path').replace(/^<|>$/g, ''),
    ListUnsubscribe: listUnsubscribe(m),
    Date: (m.parsed.date ?? m.created).toISOString(),
    Text: m.parsed.text ?? '',
    HTML: typeof m.parsed.html === 'string' ? m.parsed.html : '',
    Inline: [],
    Attachments: m.parsed.attachments.map((a, i) => ({
      PartID: String(i + 2),
      FileName: a.filename ?? '',
      ContentType: a.contentType,
      ContentID: a.contentId ?? '',
      Size: a.size,
    })),
  }
}

/**
 * Mailpit's search, in the part the app and its tests use: `to:`, `from:` and
 * `subject:` terms (a quoted phrase or a word), and free words matched anywhere;
 * every term must match, case ignored.
 */
export function matchesSearch(m: CaughtMessage, query: string): boolean {
  const summary = messageSummary(m)
  const fields = {
    to: [...summary.To, ...summary.Cc, ...summary.Bcc].map((a) => `${a.Name} ${a.Address}`).join(' '),
    from: `${summary.From.Name} ${summary.From.Address}`,
    subject: summary.Subject,
  }
  const everything = `${fields.to} ${fields.from} ${fields.subject} ${m.parsed.text ?? ''}`.toLowerCase()
  for (const [, field, quoted, word] of query.matchAll(/(?:(to|from|subject):)?(?:"([^"]*)"|(\S+))/gi)) {
    const needle = (quoted ?? word ?? '').toLowerCase()
    if (!needle) continue
    const haystack = field ? fields[field.toLowerCase() as keyof typeof fields].toLowerCase() : everything
    if (!haystack.includes(needle)) return false
  }
  return true
}
