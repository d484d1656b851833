import type { Context } from '@netlify/functions'

/**
 * Work that must not delay the answer, or show in its timing (a signup's confirmation email: its
 * time would tell whether the address was new). It is queued for the request and starts only once
 * the handler has built its answer (route() in http.ts calls startAfterAnswer), kept alive by the
 * platform with `context.waitUntil` (Netlify Functions v2). A failure is logged, never thrown: the
 * caller has its answer already.
 */
type Work = { label: string; work: () => Promise<unknown> }

const queued = new WeakMap<object, Work[]>()

export function afterAnswer(context: Pick<Context, 'waitUntil'>, label: string, work: () => Promise<unknown>): void {
  const list = queued.get(context) ?? []
  list.push({ label, work })
  queued.set(context, list)
}

/** Starts what the request queued; route() calls it once the handler has answered (or failed). */
export function startAfterAnswer(context: Pick<Context, 'waitUntil'> | undefined): void {
  if (!context) return
  const list = queued.get(context)
  if (!list) return
  queued.delete(context)
  for (const { label, work } of list) {
    // On a later turn of the event loop: the platform builds the answer's headers (among them a
    // timing of every storage call made so far) as the handler's promise settles, and none of
    // this work may show there.
    const running = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => console.error(`${label} failed:`, error))
    context.waitUntil(running)
  }
}
