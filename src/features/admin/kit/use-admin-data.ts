import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '#src/lib/api-client.ts'

export type AdminData<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: string }

/**
 * Loads an admin page's data and reloads it after a change. A failure shows the page's own load
 * message (docs/product.md, Messages), or the network one when the server could not be reached.
 */
/** `key` names what is loaded (a page, a search): a new key loads again. */
export function useAdminData<T>(load: () => Promise<T>, failedMessage: string, key = '') {
  const [state, setState] = useState<AdminData<T>>({ status: 'loading' })
  const [version, setVersion] = useState(0)

  useEffect(() => {
    let current = true
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) =>
        current &&
        setState({
          status: 'error',
          error: error instanceof ApiError ? failedMessage : 'Network error. Please try again.',
        }),
    )
    return () => {
      current = false
    }
    // `load` is recreated by callers on every render; `key` and `version` decide when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version, failedMessage])

  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return [state, reload] as const
}
