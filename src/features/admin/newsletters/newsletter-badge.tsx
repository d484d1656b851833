import { NEWSLETTER_STATUS_LABELS, type NewsletterStatus } from '#domain/newsletter.ts'
import { Badge } from '#src/features/admin/kit/badge.tsx'
import { NEWSLETTER_STATUS_TONES } from './newsletter-texts'

/** Where a newsletter stands (draft, scheduled, sending, sent), in its colour. */
export function NewsletterBadge({ status }: { status: NewsletterStatus }) {
  return <Badge tone={NEWSLETTER_STATUS_TONES[status]}>{NEWSLETTER_STATUS_LABELS[status]}</Badge>
}
