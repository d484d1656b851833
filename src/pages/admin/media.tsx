import { MEDIA_MESSAGES, type MediaListItem } from '#domain/media.ts'
import { ApiError, errorMessage } from '#src/lib/api-client.ts'
import { mediaApi } from '#src/features/admin/media/media-api.ts'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { useConfirm } from '#src/features/admin/kit/confirm-dialog.tsx'
import { FlashBanner } from '#src/features/admin/kit/flash-banner.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { MediaList } from '#src/features/admin/media/media-list.tsx'
import { MediaUploader } from '#src/features/admin/media/media-uploader.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { useFlash } from '#src/features/admin/kit/use-flash.ts'
import { useMediaUpload } from '#src/features/admin/media/use-media-upload.ts'

const NETWORK_MESSAGE = 'Network error. Please try again.'

/**
 * The media library (docs/product.md, Media): upload PDFs and images, copy a file's link, see
 * where each is used, delete. A delete asks first; a file still in use is named with its places
 * and asked about again.
 */
export function MediaPage() {
  const [data, reload] = useAdminData(mediaApi.media, MEDIA_MESSAGES.loadFailed)
  const flash = useFlash()
  const { confirm, dialog } = useConfirm()
  const uploader = useMediaUpload((file) => {
    flash.setFlash({ kind: 'success', text: `${MEDIA_MESSAGES.uploaded}: "${file.name}"` })
    reload()
  })

  async function copy(file: MediaListItem) {
    try {
      await navigator.clipboard.writeText(new URL(file.url, window.location.origin).href)
      flash.setFlash({ kind: 'success', text: `${MEDIA_MESSAGES.copied}: ${file.name}` })
    } catch {
      flash.setFlash({ kind: 'error', text: MEDIA_MESSAGES.copyFailed })
    }
  }

  async function remove(file: MediaListItem) {
    if (!(await confirm('Delete file?', `Delete "${file.name}"? Its link stops working.`))) return
    let force = false
    for (;;) {
      try {
        await mediaApi.deleteMedia(file.id, force)
        flash.setFlash({ kind: 'success', text: MEDIA_MESSAGES.deleted })
        return reload()
      } catch (error) {
        const inUse = !force && error instanceof ApiError && error.status === 409
        if (!inUse) return flash.setFlash({ kind: 'error', text: errorMessage(error, MEDIA_MESSAGES.deleteFailed, NETWORK_MESSAGE) })
        // Still in use (the server names where): ask again before breaking those links.
        const labels = { confirmLabel: 'Delete anyway', cancelLabel: 'Keep it' }
        if (!(await confirm('This file is in use', `${error.serverMessage ?? ''} Delete "${file.name}" anyway?`, labels))) return
        force = true
      }
    }
  }

  return (
    <>
      <AdminPageHeader title="Media" description="PDFs and images for resources, posts and the site's texts." />
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      <MediaUploader state={uploader.state} onFile={(file) => void uploader.upload(file)} />
      <LoadState state={data} loading="Loading files…">
        {(files) => <MediaList files={files} onCopy={(file) => void copy(file)} onDelete={(file) => void remove(file)} />}
      </LoadState>
      {dialog}
    </>
  )
}
