import type { IncomingMessage } from 'node:http'
import { readBody } from '../http/http.ts'
import { errors } from './storage-errors.ts'

/** A JSON object body; anything else is Storage's 400 schema error. */
export async function readJsonObject(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const text = (await readBody(req, limit)).toString('utf8')
  let parsed: unknown
  try {
    parsed = text ? JSON.parse(text) : {}
  } catch {
    throw errors.invalidRequest('Body is not valid JSON')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw errors.invalidRequest('body must be object')
  }
  return parsed as Record<string, unknown>
}

export function requireInteger(body: Record<string, unknown>, name: string, min: number, max: number): number {
  const value = body[name]
  if (value === undefined) throw errors.invalidRequest(`body must have required property '${name}'`)
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw errors.invalidRequest(`body/${name} must be an integer from ${min} to ${max}`)
  }
  return value
}

export function optionalInteger(body: Record<string, unknown>, name: string, min: number, max: number, fallback: number) {
  return body[name] === undefined || body[name] === null ? fallback : requireInteger(body, name, min, max)
}

export function optionalString(body: Record<string, unknown>, name: string, fallback = ''): string {
  const value = body[name]
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'string') throw errors.invalidRequest(`body/${name} must be string`)
  return value
}

/** A non-empty array of at most `max` strings (an item may be `{path}` when `allowObjects`). */
export function requireStringArray(body: Record<string, unknown>, name: string, max: number, allowObjects = false) {
  const value = body[name]
  if (!Array.isArray(value)) throw errors.invalidRequest(`body must have required property '${name}'`)
  if (value.length < 1 || value.length > max) {
    throw errors.invalidRequest(`body/${name} must have from 1 to ${max} items`)
  }
  return value.map((item: unknown) => {
    if (typeof item === 'string') return item
    const path = allowObjects && item && typeof item === 'object' ? (item as { path?: unknown }).path : undefined
    if (typeof path === 'string') return path
    throw errors.invalidRequest(`body/${name} must contain strings`)
  })
}
