import { useId, useMemo, useState } from 'react'
import { PreviewPane } from '#src/features/admin/kit/preview-pane.tsx'
import { TabPanel, Tabs } from '#src/features/admin/kit/tabs.tsx'
import { Muted } from '#src/features/admin/kit/text.tsx'
import { applyStyles, withoutStyles } from './email-frame'
import styles from './newsletters.module.css'
import type { NewsletterPreview } from './use-newsletter-preview'

const TABS = [
  { id: 'html', name: 'Email' },
  { id: 'text', name: 'Plain text' },
] as const
type Part = (typeof TABS)[number]['id']

const NOTES = { empty: 'Preview', updating: 'Updating preview…', ready: 'Preview', failed: 'Preview unavailable' } as const

/**
 * The email as subscribers get it, in its two parts: the HTML one as the mail app shows it, and
 * the plain text one that text-only readers (and spam filters) see. The HTML is drawn in a
 * sandboxed frame that may run nothing (no scripts, no forms, no popups), so nothing in the email
 * can act on the admin; its styles are applied from here (see email-frame.ts).
 */
export function NewsletterPreviewPane({ preview }: { preview: NewsletterPreview }) {
  const id = `${useId()}-`
  const [part, setPart] = useState<Part>('html')
  const email = preview.status === 'empty' ? undefined : preview.email
  const unstyled = useMemo(() => (email ? withoutStyles(email.html) : undefined), [email])

  return (
    <PreviewPane note={NOTES[preview.status]} busy={preview.status === 'updating'}>
      {preview.status === 'failed' && (
        <p className="notice notice-error" role="alert">
          {preview.error}
        </p>
      )}
      {preview.status === 'empty' ? (
        <Muted as="p">Write a subject and a message to see the email here.</Muted>
      ) : (
        <>
          {email && (
            <p className={styles.emailSubject}>
              <Muted>Subject:</Muted> {email.subject}
            </p>
          )}
          <Tabs label="Email parts" tabs={TABS} current={part} onSelect={setPart} idPrefix={id} compact />
          <TabPanel current={part} idPrefix={id}>
            {!email ? (
              <Muted as="p">Making the preview…</Muted>
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
          </TabPanel>
        </>
      )}
    </PreviewPane>
  )
}
