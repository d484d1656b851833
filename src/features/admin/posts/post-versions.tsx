import { useState } from 'react'
import type { PostVersionSummary, RenderedPostVersion } from '#domain/blog-post.ts'
import { formatDateTime } from '#domain/text.ts'
import type { VersionsState } from './use-post-versions'
import { Button } from '#src/features/admin/kit/button.tsx'
import { Muted } from '#src/features/admin/kit/text.tsx'
import styles from './posts.module.css'

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
      {state.status === 'loading' && <Muted as="p">Loading versions…</Muted>}
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
                <Muted>
                  {' '}
                  · {version.savedBy || 'unknown'} · {version.title}
                </Muted>
              </span>
              <span className={styles.versionActions}>
                {(i > 0 ? (['View', 'Restore'] as const) : (['View'] as const)).map((action) => (
                  <Button
                    key={action}
                    disabled={busy !== null}
                    aria-label={`${action} the version of ${formatDateTime(version.savedAt, { seconds: true })}`}
                    onClick={() => fetchThen(version, action === 'View' ? onView : onRestore)}
                  >
                    {action}
                  </Button>
                ))}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
