import { FileInput, PenLine, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { NEWSLETTER_MESSAGES, type Newsletter } from '#domain/newsletter.ts'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { newslettersApi } from '#src/features/admin/newsletters/newsletters-api.ts'
import { postsApi } from '#src/features/admin/posts/posts-api.ts'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { AdminTable, CellNote, type Column } from '#src/features/admin/kit/admin-table.tsx'
import { Button, ButtonLink } from '#src/features/admin/kit/button.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { useConfirm } from '#src/features/admin/kit/confirm-dialog.tsx'
import { FlashBanner } from '#src/features/admin/kit/flash-banner.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { NewsletterBadge } from '#src/features/admin/newsletters/newsletter-badge.tsx'
import { NewsletterFromPost } from '#src/features/admin/newsletters/newsletter-from-post.tsx'
import { RowAction } from '#src/features/admin/kit/row-action.tsx'
import { NEWSLETTER_TEXTS, NEWSLETTERS_PATH, newsletterPath, newsletterWhen } from '#src/features/admin/newsletters/newsletter-texts.ts'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { failureText, useFlash, type FlashControl } from '#src/features/admin/kit/use-flash.ts'

const columns: Column<Newsletter>[] = [
  {
    label: 'Subject',
    look: 'strong',
    cell: (newsletter) => <Link to={newsletterPath(newsletter.id)}>{newsletter.subject}</Link>,
  },
  {
    label: 'Status',
    cell: (newsletter) => (
      <>
        <NewsletterBadge status={newsletter.status} />
        <CellNote>{newsletterWhen(newsletter)}</CellNote>
      </>
    ),
  },
  {
    label: 'Counts',
    look: 'muted',
    cell: ({ progress }) =>
      progress ? `${progress.sent} sent · ${progress.failed} failed${progress.uncertain ? ` · ${progress.uncertain} uncertain` : ''}` : '—',
  },
]

const editable = (newsletter: Newsletter) => newsletter.status === 'draft' || newsletter.status === 'scheduled'

/**
 * Every newsletter, newest first, with its state and, once sent, its counts. A new one starts
 * blank or from a published post; drafts and scheduled ones can be deleted from here.
 */
export function NewslettersPage() {
  const [data, reload] = useAdminData(newslettersApi.newsletters, NEWSLETTER_TEXTS.loadFailed)
  const flash = useFlash()
  const { confirm, dialog } = useConfirm()
  const [choosingPost, setChoosingPost] = useState(false)

  async function remove(newsletter: Newsletter) {
    const question = NEWSLETTER_TEXTS.deleteQuestion(newsletter.subject)
    if (!(await confirm(question.title, question.message))) return
    const done = await flash.run(() => newslettersApi.deleteNewsletter(newsletter.id), {
      success: NEWSLETTER_MESSAGES.deleted,
      failure: NEWSLETTER_TEXTS.deleteFailed,
    })
    if (done) reload()
  }

  const write = (
    <ButtonLink to={`${NEWSLETTERS_PATH}/new`} variant="secondary" icon={PenLine}>
      Write a newsletter
    </ButtonLink>
  )

  return (
    <>
      <AdminPageHeader title="Newsletters" description="Write to your confirmed subscribers, test it, then send or schedule it.">
        <Button icon={FileInput} aria-expanded={choosingPost} onClick={() => setChoosingPost((open) => !open)}>
          Start from a post
        </Button>
        {write}
      </AdminPageHeader>
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      {choosingPost && <StartFromPost flash={flash} onClose={() => setChoosingPost(false)} />}
      <LoadState state={data} loading="Loading newsletters…">
        {(newsletters) =>
          newsletters.length === 0 ? (
            <EmptyState message={NEWSLETTER_TEXTS.empty} action={write} />
          ) : (
            <Panel as="div">
              <AdminTable
                columns={columns}
                rows={newsletters}
                actions={(newsletter) =>
                  editable(newsletter) && (
                    <RowAction icon={Trash2} label="Delete" subject={newsletter.subject} danger onClick={() => remove(newsletter)} />
                  )
                }
              />
            </Panel>
          )
        }
      </LoadState>
      {dialog}
    </>
  )
}

/** The published posts (the admin's own list), one of which becomes a new draft. */
function StartFromPost({ flash, onClose }: { flash: FlashControl; onClose: () => void }) {
  const [posts] = useAdminData(postsApi.posts, 'Failed to load posts')
  const navigate = useNavigate()

  async function create(postId: string) {
    try {
      const { newsletter, message } = await newslettersApi.createNewsletter({ fromPostId: postId })
      void navigate(newsletterPath(newsletter.id), { state: { flash: message ?? NEWSLETTER_MESSAGES.created } })
    } catch (error) {
      flash.setFlash({ kind: 'error', text: failureText(error, NEWSLETTER_TEXTS.saveFailed) })
    }
  }

  return (
    <LoadState state={posts} loading="Loading posts…">
      {(list) => <NewsletterFromPost posts={list} onCreate={create} onCancel={onClose} />}
    </LoadState>
  )
}
