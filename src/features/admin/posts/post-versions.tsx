import { useState } from 'react'
import type { PostVersionSummary, RenderedPostVersion } from '#domain/blog-post.ts'
import { formatDateTime } from '#domain/text.ts'
import type { VersionsState } from './use-post-versions'
import styles from '#src/features/admin/kit/admin-ui.module.css'

export const VERSION_MESSAGES = {
  loadFailed: 'Failed to load the versions',
  openFailed: 'Failed to load this version',
  restored: (savedAt: string) => `The version of ${formatDateTime(savedAt, { seconds: true })} is in the editor. Save changes to keep it.`,
} as const

/**
 * The post's last saved versions, newest first: each can be looked at in the preview, or brought
 * back into the form (it is then saved like any edit, which keeps the current text as a version).
 */
export function PostVersions({
  state,
  open,
  onView,
  onRestore,
}: {
  state: VersionsState
  open: (versionId: string) => Promise<RenderedPostVersion>
  onView: (version: RenderedPostVersion) => void
  onRestore: (version: RenderedPostVersion) => void
}) {
  const [busy, setBusy] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)

  async function fetchThen(version: PostVersionSummary, then: (full: RenderedPostVersion) => void) {
    setBusy(version.id)
    setFailed(false)
    try {
      then(await open(version.id))
    } catch {
      setFailed(true)
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className={styles.versions} aria-labelledby="post-versions-title">
      <h3 id="post-versions-title" className={styles.versionsTitle}>
        History
      </h3>
      {state.status === 'loading' && <p className={styles.muted}>Loading versions…</p>}
      {state.status === 'failed' && <p className="field-error">{VERSION_MESSAGES.loadFailed}</p>}
      {failed && (
        <p className="field-error" role="alert">
          {VERSION_MESSAGES.openFailed}
        </p>
      )}
      {state.status === 'ready' && (
        <ol className={styles.versionList}>
          {state.versions.map((version, i) => (
            <li key={version.id}>
              <span>
                <time dateTime={version.savedAt}>{formatDateTime(version.savedAt, { seconds: true })}</time>
                {i === 0 && ' (current)'}
                <span className={styles.muted}>
                  {' '}
                  · {version.savedBy || 'unknown'} · {version.title}
                </span>
              </span>
              <span className={styles.versionActions}>
                <button
                  type="button"
                  className="btn btn-outline btn-small"
                  disabled={busy !== null}
                  aria-label={`View the version of ${formatDateTime(version.savedAt, { seconds: true })}`}
                  onClick={() => fetchThen(version, onView)}
                >
                  View
                </button>
                {i > 0 && (
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    disabled={busy !== null}
                    aria-label={`Restore the version of ${formatDateTime(version.savedAt, { seconds: true })}`}
                    onClick={() => fetchThen(version, onRestore)}
                  >
                    Restore
                  </button>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
