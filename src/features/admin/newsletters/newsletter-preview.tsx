import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { applyStyles, withoutStyles } from './email-frame'
import type { NewsletterPreview } from './use-newsletter-preview'
import styles from '#src/features/admin/kit/admin-ui.module.css'

const TABS = [
  { part: 'html', name: 'Email' },
  { part: 'text', name: 'Plain text' },
] as const
type Part = (typeof TABS)[number]['part']

const NOTES = { empty: 'Preview', updating: 'Updating preview…', ready: 'Preview', failed: 'Preview unavailable' } as const

/**
 * The email as subscribers get it, in its two parts: the HTML one as the mail app shows it, and
 * the plain text one that text-only readers (and spam filters) see. The HTML is drawn in a
 * sandboxed frame that may run nothing (no scripts, no forms, no popups), so nothing in the email
 * can act on the admin; its styles are applied from here (see email-frame.ts).
 */
export function NewsletterPreviewPane({ preview }: { preview: NewsletterPreview }) {
  const id = useId()
  const [part, setPart] = useState<Part>('html')
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const email = preview.status === 'empty' ? undefined : preview.email
  const unstyled = useMemo(() => (email ? withoutStyles(email.html) : undefined), [email])

  // The tabs follow the ARIA pattern: the arrow keys move between them and select.
  function onKeyDown(event: KeyboardEvent, index: number) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length
    setPart(TABS[next]!.part)
    tabs.current[next]?.focus()
  }

  return (
    <section
      className={`${styles.preview} ${styles.emailPreview}`}
      aria-labelledby={`${id}-note`}
      aria-busy={preview.status === 'updating'}
    >
      <p id={`${id}-note`} className={styles.previewNote} role="status">
        {NOTES[preview.status]}
      </p>
      {preview.status === 'failed' && (
        <p className="notice notice-error" role="alert">
          {preview.error}
        </p>
      )}
      {preview.status === 'empty' ? (
        <p className={styles.muted}>Write a subject and a message to see the email here.</p>
      ) : (
        <>
          {email && (
            <p className={styles.emailSubject}>
              <span className={styles.muted}>Subject:</span> {email.subject}
            </p>
          )}
          <div className={styles.tabs} role="tablist" aria-label="Email parts">
            {TABS.map((tab, index) => (
              <button
                key={tab.part}
                ref={(element) => {
                  tabs.current[index] = element
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${tab.part}`}
                aria-controls={`${id}-panel-${tab.part}`}
                aria-selected={part === tab.part}
                tabIndex={part === tab.part ? 0 : -1}
                className={`touch-row ${styles.tab}`}
                onClick={() => setPart(tab.part)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {tab.name}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${id}-panel-${part}`} aria-labelledby={`${id}-tab-${part}`}>
            {!email ? (
              <p className={styles.muted}>Making the preview…</p>
            ) : part === 'html' ? (
              <iframe
                className={styles.emailFrame}
                sandbox="allow-same-origin"
                srcDoc={unstyled?.html}
                title={`Email preview: ${email.subject}`}
                onLoad={(event) => applyStyles(event.currentTarget, unstyled?.css ?? '')}
              />
            ) : (
              <pre className={styles.emailText} data-testid="newsletter-text-part">
                {email.text}
              </pre>
            )}
          </div>
        </>
      )}
    </section>
  )
}
