import { useCallback, useState } from 'react'
import { ApiError } from '#src/lib/api-client.ts'

export type Flash = { kind: 'success' | 'error'; text: string } | null

/** What a failed call says: the server's message, the action's own, or the network one. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : 'Network error. Please try again.'
}

/**
 * The success and failure banner of an admin page. `run` performs an action and shows its
 * messages (docs/product.md, Messages): the given success text, the server's message or the
 * action's fallback on failure, and the network message when the server could not be reached.
 */
export function useFlash(initial: Flash = null) {
  const [flash, setFlash] = useState<Flash>(initial)

  const run = useCallback(async (action: () => Promise<unknown>, messages: { success: string; failure: string }) => {
    try {
      await action()
      setFlash({ kind: 'success', text: messages.success })
      return true
    } catch (error) {
      setFlash({ kind: 'error', text: failureText(error, messages.failure) })
      return false
    }
  }, [])

  return { flash, setFlash, run, clear: () => setFlash(null) }
}

export type FlashControl = ReturnType<typeof useFlash>
