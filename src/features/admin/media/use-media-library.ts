import { useCallback, useState } from 'react'
import { MEDIA_MESSAGES, type MediaListItem } from '#domain/media.ts'
import type { AdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { mediaApi } from './media-api'

/** The library for a picker: loaded when the picker opens (a form that never opens it costs nothing), again on each opening. */
export function useMediaLibrary() {
  const [state, setState] = useState<AdminData<MediaListItem[]>>({ status: 'loading' })
  const load = useCallback(() => {
    setState({ status: 'loading' })
    mediaApi.media().then(
      (files) => setState({ status: 'ready', data: files }),
      () => setState({ status: 'error', error: MEDIA_MESSAGES.loadFailed }),
    )
  }, [])
  return { state, load }
}
