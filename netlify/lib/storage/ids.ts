import { randomBytes } from 'node:crypto'

/** 16 url-safe characters: unguessable and short enough for URLs and keys. */
export function newId(): string {
  return randomBytes(12).toString('base64url')
}

/** An id that sorts by creation time, for keys listed newest first. */
export function timeOrderedId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(6).toString('base64url')}`
}
