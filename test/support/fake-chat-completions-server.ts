// TEST FAKE. This local server stands in for a hosted OpenAI-compatible chat-completions
// endpoint (OpenAI / Ollama / vLLM) that tests cannot reach. It speaks that wire format:
// POST {base}/chat/completions answered with a `chat.completion` object, or with an error
// body `{ error: { message, type, code } }` and an HTTP error status. It checks nothing;
// tests assert on the requests it records and script the replies it gives.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** the JSON body, parsed */
  body: unknown
}

/** One scripted reply: an HTTP status and JSON body, or 'hang' to never answer. */
export type FakeReply = { status: number; body: unknown } | 'hang'

export interface FakeServer {
  /** the base URL to configure, ending in /v1 */
  baseUrl: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

interface CompletionOptions {
  refusal?: string | null
  finishReason?: string
  promptTokens?: number
  completionTokens?: number
}

/** A 200 reply with one choice holding `content`, as OpenAI sends it. */
export function completionReply(content: string | null, options: CompletionOptions = {}): FakeReply {
  const { refusal = null, finishReason = 'stop', promptTokens = 1000, completionTokens = 50 } = options
  return {
    status: 200,
    body: {
      id: 'chatcmpl-fake123',
      object: 'chat.completion',
      created: 1_760_000_000,
      model: 'fake-vision-model',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal }, logprobs: null, finish_reason: finishReason }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    },
  }
}

/** An error reply in OpenAI's shape. */
export function errorReply(status: number, message: string, type: string, code: string | null): FakeReply {
  return { status, body: { error: { message, type, param: null, code } } }
}

/**
 * Starts the fake on 127.0.0.1, port 0. Replies are used in order; once they run out the
 * last one repeats.
 */
export async function startFakeServer(replies: FakeReply[]): Promise<FakeServer> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : null })
      const reply = replies[Math.min(requests.length, replies.length) - 1] ?? 'hang'
      if (reply === 'hang') return
      res.writeHead(reply.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
