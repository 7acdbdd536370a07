import type { IncomingMessage } from 'node:http'
import { readBody } from '../http/http.ts'
import { AuthError } from './auth-errors.ts'

export type JsonObject = Record<string, unknown>

const MAX_DEPTH = 64

export const badJson = (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`)

/**
 * Reads a JSON object body. Anything Postgres could not store (NUL characters,
 * lone surrogates, absurd nesting) is refused here, so bad input is a 400 and
 * never reaches SQL as a 500.
 */
export async function readJsonObject(req: IncomingMessage, limit: number, allowEmpty = false): Promise<JsonObject> {
  const raw = (await readBody(req, limit)).toString('utf8')
  if (raw.trim() === '' && allowEmpty) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch (error) {
    throw badJson(error instanceof Error ? error.message : 'invalid JSON')
  }
  if (!isObject(parsed)) throw badJson('expected a JSON object')
  checkStorable(parsed, 0)
  return parsed
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function checkStorable(value: unknown, depth: number): void {
  if (depth > MAX_DEPTH) throw badJson('nested too deeply')
  if (typeof value === 'string') {
    if (!storableString(value)) throw badJson('strings must be valid Unicode without NUL characters')
    return
  }
  if (typeof value !== 'object' || value === null) return
  for (const [key, item] of Object.entries(value)) {
    if (!storableString(key)) throw badJson('strings must be valid Unicode without NUL characters')
    checkStorable(item, depth + 1)
  }
}

const storableString = (text: string) => !text.includes('\u0000') && text.isWellFormed()

export function optionalString(body: JsonObject, key: string): string | undefined {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw badJson(`field "${key}" must be a string`)
  return value
}

export function optionalBoolean(body: JsonObject, key: string): boolean | undefined {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'boolean') throw badJson(`field "${key}" must be a boolean`)
  return value
}

export function optionalObject(body: JsonObject, key: string): JsonObject | undefined {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (!isObject(value)) throw badJson(`field "${key}" must be an object`)
  return value
}
