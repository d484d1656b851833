import { ArrowLeft } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router-dom'
import {
  NEWSLETTER_MESSAGES,
  type Newsletter,
  type NewsletterInput,
  type NewsletterReport,
  type NewsletterSendRequest,
} from '#domain/newsletter.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { readSession } from '#src/lib/session.ts'
import { newslettersApi } from '#src/features/admin/newsletters/newsletters-api.ts'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { ButtonLink } from '#src/features/admin/kit/button.tsx'
import { WithPreview } from '#src/features/admin/kit/preview-pane.tsx'
import { Muted } from '#src/features/admin/kit/text.tsx'
import { FlashBanner } from '#src/features/admin/kit/flash-banner.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { NewsletterBadge } from '#src/features/admin/newsletters/newsletter-badge.tsx'
import { NewsletterForm } from '#src/features/admin/newsletters/newsletter-form.tsx'
import { NewsletterPreviewPane } from '#src/features/admin/newsletters/newsletter-preview.tsx'
import { NewsletterProgress, NewsletterSummary } from '#src/features/admin/newsletters/newsletter-progress.tsx'
import { NewsletterSendPanel, type NewsletterSendActions } from '#src/features/admin/newsletters/newsletter-send.tsx'
import { NEWSLETTER_TEXTS, NEWSLETTERS_PATH, newsletterPath, newsletterWhen } from '#src/features/admin/newsletters/newsletter-texts.ts'
import { useNewsletterPreview } from '#src/features/admin/newsletters/use-newsletter-preview.ts'
import { useNewsletterReport } from '#src/features/admin/newsletters/use-newsletter-report.ts'
import { failureText, useFlash, type Flash } from '#src/features/admin/kit/use-flash.ts'

const BackLink = () => (
  <ButtonLink to={NEWSLETTERS_PATH} icon={ArrowLeft}>
    All newsletters
  </ButtonLink>
)

/** A new newsletter: once saved it is a draft with its own address, where it can be tested and sent. */
export function NewNewsletterPage() {
  const navigate = useNavigate()
  const flash = useFlash()

  async function create(input: NewsletterInput) {
    try {
      const { newsletter, message } = await newslettersApi.createNewsletter(input)
      void navigate(newsletterPath(newsletter.id), { replace: true, state: { flash: message ?? NEWSLETTER_MESSAGES.created } })
      return true
    } catch (error) {
      flash.setFlash({ kind: 'error', text: failureText(error, NEWSLETTER_TEXTS.saveFailed) })
      return false
    }
  }

  return (
    <>
      <AdminPageHeader title="New newsletter" description="Save it as a draft, then send yourself a test before it goes out.">
        <BackLink />
      </AdminPageHeader>
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      <NewsletterForm onSave={create} onCancel={() => void navigate(NEWSLETTERS_PATH)} />
    </>
  )
}

/**
 * One newsletter. A draft or scheduled one is edited here and has its send buttons under the
 * form; once sending it is read-only, with its progress (asked for every two seconds) and then
 * its counts.
 */
export function NewsletterPage() {
  const { id = '' } = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  const { state, reload, show } = useNewsletterReport(id)
  const flash = useFlash()
  // A save remounts the form, so what it opened with (for the leave question) is what was saved.
  const [saves, setSaves] = useState(0)
  const canSend = readSession()?.user.role === 'admin'

  // The banner a create carried here (from the new page or "Start from a post").
  const carried = (location.state as { flash?: string } | null)?.flash
  const { setFlash } = flash
  useEffect(() => {
    if (carried) setFlash({ kind: 'success', text: carried })
  }, [carried, setFlash])

  /** A refusal may mean it changed elsewhere (sent, deleted): load it again to show what it is now. */
  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) reload()
  }

  async function save(input: NewsletterInput) {
    try {
      const { newsletter, message } = await newslettersApi.updateNewsletter(id, input)
      show(newsletter)
      setSaves((n) => n + 1)
      setFlash({ kind: 'success', text: message ?? NEWSLETTER_MESSAGES.updated })
      return true
    } catch (error) {
      setFlash({ kind: 'error', text: failureText(error, NEWSLETTER_TEXTS.saveFailed) })
      refused(error)
      return false
    }
  }

  async function send(request: NewsletterSendRequest, success: string): Promise<Flash> {
    try {
      // The version on screen: an edit saved elsewhere since then is refused (409), not sent unread.
      const seen = state.status === 'ready' ? state.data.newsletter.updatedAt : undefined
      const { newsletter, message } = await newslettersApi.sendNewsletter(id, request.action === 'cancel' ? request : { ...request, seen })
      show(newsletter)
      if (newsletter.status === 'sending') reload()
      return { kind: 'success', text: message ?? success }
    } catch (error) {
      refused(error)
      return { kind: 'error', text: failureText(error, NEWSLETTER_TEXTS.sendFailed) }
    }
  }

  const actions: NewsletterSendActions = {
    test: async () => {
      try {
        const { message } = await newslettersApi.testNewsletter(id)
        reload() // the last test's time and address
        return { kind: 'success', text: message ?? 'Test sent.' }
      } catch (error) {
        return { kind: 'error', text: failureText(error, NEWSLETTER_TEXTS.testFailed) }
      }
    },
    // Once started the form gives way to the progress, so its answer goes in the page's banner.
    sendNow: async () => {
      const answer = await send({ action: 'now' }, NEWSLETTER_MESSAGES.started)
      setFlash(answer)
      return null
    },
    schedule: (at) => send({ action: 'schedule', at }, NEWSLETTER_MESSAGES.scheduled),
    cancelSchedule: () => send({ action: 'cancel' }, NEWSLETTER_MESSAGES.cancelled),
  }

  const newsletter = state.status === 'ready' ? state.data.newsletter : undefined
  // The send's banner follows the newsletter: started while it is sending, finished once sent.
  const banner: Flash =
    flash.flash?.text === NEWSLETTER_MESSAGES.started && newsletter?.status === 'sent'
      ? { kind: 'success', text: NEWSLETTER_TEXTS.finished }
      : flash.flash
  return (
    <>
      <AdminPageHeader title={newsletter?.subject ?? 'Newsletter'} description={newsletter && newsletterWhen(newsletter)}>
        {newsletter && <NewsletterBadge status={newsletter.status} />}
        <BackLink />
      </AdminPageHeader>
      <FlashBanner flash={banner} onClose={flash.clear} />
      <LoadState state={state} loading="Loading the newsletter…">
        {(report) =>
          isEditable(report.newsletter) ? (
            <NewsletterForm
              key={saves}
              initial={report.newsletter}
              onSave={save}
              onCancel={() => void navigate(NEWSLETTERS_PATH)}
              after={(dirty) => (
                <NewsletterSendPanel
                  newsletter={report.newsletter}
                  recipients={report.recipients}
                  dirty={dirty}
                  canSend={canSend}
                  actions={actions}
                />
              )}
            />
          ) : (
            <SentNewsletter report={report} />
          )
        }
      </LoadState>
    </>
  )
}

const isEditable = (newsletter: Newsletter) => newsletter.status === 'draft' || newsletter.status === 'scheduled'

/** A newsletter on its way or gone: what went out, and how it is going or how it went. */
function SentNewsletter({ report }: { report: NewsletterReport }) {
  const { newsletter } = report
  const preview = useNewsletterPreview(newsletter.subject, newsletter.body)
  return (
    <WithPreview preview={<NewsletterPreviewPane preview={preview} />}>
      {newsletter.status === 'sending' ? <NewsletterProgress report={report} /> : <NewsletterSummary report={report} />}
      <Muted as="p">{NEWSLETTER_TEXTS.readOnly}</Muted>
    </WithPreview>
  )
}
