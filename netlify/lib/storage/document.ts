import * as z from 'zod/mini'
import type { BlobStore } from './blobs'
import { StorageUnavailableError } from './blobs'
import { keys } from './keys'

/**
 * A JSON document in one blob, changed only through compare-and-swap: read with its ETag, apply the
 * change, write only if nobody wrote in between, else start again from the fresh value. Used for
 * the small collections (posts index, resources, content, users) so that concurrent saves each
 * apply exactly once and a collection-wide rule (unique slugs, the last admin) holds.
 */
const MAX_ATTEMPTS = 40

export function defineDocument<S extends z.ZodMiniType>(store: () => BlobStore, schema: S, empty: () => z.output<S>) {
  type Doc = z.output<S>
  const key = keys.document()

  const parse = (text: string): Doc => {
    const result = z.safeParse(schema, JSON.parse(text))
    // Data that no longer fits the schema is a fault of ours, not the caller's: refuse to serve or overwrite it.
    if (!result.success) throw new StorageUnavailableError(`Stored document "${key}" is invalid`, { cause: result.error })
    return result.data
  }

  return {
    async read(): Promise<Doc> {
      const text = await store().get(key)
      return text === null ? empty() : parse(text)
    },

    /**
     * Applies `change` atomically. `change` receives a fresh copy and returns the new document and a
     * result for the caller; it may throw an HttpError (not found, conflict) to stop without writing.
     */
    async update<R>(change: (doc: Doc) => { doc: Doc; result: R } | Promise<{ doc: Doc; result: R }>): Promise<R> {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const entry = await store().getEntry(key)
        const current = entry ? parse(entry.text) : empty()
        const { doc, result } = await change(current)
        const text = JSON.stringify(doc)
        const ok = entry ? await store().setIfMatch(key, text, entry.etag) : await store().setIfNew(key, text)
        if (ok) return result
        await backoff(attempt)
      }
      throw new StorageUnavailableError(`Too much contention on "${key}"`)
    },
  }
}

/** Jittered exponential backoff, so writers that collided do not collide again in step. */
function backoff(attempt: number): Promise<void> {
  const cap = Math.min(200, 5 * 2 ** Math.min(attempt, 6))
  return new Promise((resolve) => setTimeout(resolve, Math.random() * cap))
}
