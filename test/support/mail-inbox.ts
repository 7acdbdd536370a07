// The mail catcher's Mailpit-shaped API, as tests read it: what was sent, to whom, and each message's parts and headers.
export interface InboxMessage {
  ID: string
  To: { Name: string; Address: string }[]
  Subject: string
}

export function mailInbox(inboxUrl: string) {
  const json = async <T>(path: string, init?: RequestInit) => (await (await fetch(`${inboxUrl}${path}`, init)).json()) as T
  return {
    /** newest first, as Mailpit lists them */
    list: async () => (await json<{ messages: InboxMessage[] }>('/api/v1/messages')).messages,
    message: (id: string) => json<{ Text: string; HTML: string; Subject: string }>(`/api/v1/message/${id}`),
    headers: (id: string) => json<Record<string, string[]>>(`/api/v1/message/${id}/headers`),
    clear: async () => void (await fetch(`${inboxUrl}/api/v1/messages`, { method: 'DELETE' })),
  }
}
