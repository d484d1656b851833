import { MailService } from '@sendgrid/mail'
import type { RenderedNewsletter } from '#domain/newsletter.ts'
import { outbox } from '#lib/data/outbox.ts'
import { env, type Runtime } from '#lib/config/env.ts'
import { emailSetup, EmailNotConfiguredError } from './mailer'
import { unsubscribeLinks } from '#lib/subscribers/unsubscribe.ts'
import { applySubstitutions, SUBSTITUTION_WRAPPERS, unsubscribeSubstitutions } from '#lib/newsletter/email.ts'
import { mapLimited } from '#lib/storage/concurrency.ts'

/**
 * One batch of a newsletter (at most NEWSLETTER_BATCH_SIZE recipients) in ONE SendGrid request:
 * a personalization per recipient, each with its own `to` (nobody sees another address), its own
 * one-click List-Unsubscribe headers (RFC 8058) and the substitutions that put its own
 * unsubscribe page link in the body. Locally without a key, one outbox entry per recipient, with
 * the substitutions applied as SendGrid would.
 *
 * The answer says what is known about delivery, which decides whether the batch may ever be tried
 * again (newsletter-sender.ts):
 * - `sent`: SendGrid accepted it (202);
 * - `refused`: SendGrid answered with a 4xx: it took nothing, so the batch may be claimed again;
 * - `unknown`: no answer, a timeout or a 5xx: it may have been taken, so it is never sent again.
 */
export type BatchOutcome = { kind: 'sent' } | { kind: 'refused' | 'unknown'; status?: number; message: string }

/** A batch is one large request; SendGrid answers it in well under this. */
const BATCH_TIMEOUT_MS = 30_000
/** SendGrid's rate limit (429) is a clear refusal: wait and try again this often before giving the batch up. */
const RATE_LIMIT_RETRIES = 3
const MAX_WAIT_MS = 10_000

export const unsubscribeHeaders = (oneClick: string) => ({
  'List-Unsubscribe': `<${oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})

let client: MailService | undefined

export function sendBatch(email: RenderedNewsletter, recipients: readonly string[], runtime: Runtime): Promise<BatchOutcome> {
  const personal = recipients.map((to) => {
    const links = unsubscribeLinks(to)
    return { to, substitutions: unsubscribeSubstitutions(links.page), headers: unsubscribeHeaders(links.oneClick) }
  })
  return sendPersonalBatch(email, personal, runtime)
}

/** One recipient of a batch: the address, the text that fills its tags, and headers of its own. */
export type Personal = { to: string; substitutions: Record<string, string>; headers?: Record<string, string> }

/**
 * One email to many people in ONE SendGrid request, each recipient its own personalization (its own
 * `to`, tags filled with its own text, e.g. a link only it may use); locally without a key, one
 * outbox entry each, the tags filled as SendGrid would. The newsletter's batches, and the
 * confirmation emails of an import.
 */
export async function sendPersonalBatch(
  email: { subject: string; text: string; html?: string },
  personal: readonly Personal[],
  runtime: Runtime,
): Promise<BatchOutcome> {
  const setup = emailSetup(runtime)
  if (setup.transport === 'none') throw new EmailNotConfiguredError(`email is not configured (missing ${setup.missing.join(', ')})`)
  if (setup.transport === 'outbox') {
    await mapLimited(personal, ({ to, substitutions, headers }) =>
      outbox.put({
        to,
        from: setup.from,
        subject: email.subject,
        text: applySubstitutions(email.text, substitutions),
        ...(email.html === undefined ? {} : { html: applySubstitutions(email.html, substitutions) }),
        ...(headers ? { headers } : {}),
      }),
    )
    return { kind: 'sent' }
  }
  client ??= new MailService()
  client.setApiKey(env('SENDGRID_API_KEY')!)
  client.setTimeout(BATCH_TIMEOUT_MS)
  const message = {
    from: { email: setup.from },
    subject: email.subject,
    content: [{ type: 'text/plain', value: email.text }, ...(email.html === undefined ? [] : [{ type: 'text/html', value: email.html }])],
    substitutionWrappers: [...SUBSTITUTION_WRAPPERS],
    personalizations: personal.map(({ to, substitutions, headers }) => ({
      to: [{ email: to }],
      ...(headers ? { headers } : {}),
      substitutions,
    })),
  }
  for (let attempt = 0; ; attempt++) {
    try {
      await client.send(message as unknown as Parameters<MailService['send']>[0])
      return { kind: 'sent' }
    } catch (error) {
      const status = statusOf(error)
      const detail = `SendGrid ${status ? `answered ${status}` : 'did not answer'}: ${describe(error)}`.slice(0, 300)
      if (status === 429 && attempt < RATE_LIMIT_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, retryAfterMs(error, attempt)))
        continue
      }
      if (status !== undefined && status >= 400 && status < 500) return { kind: 'refused', status, message: detail }
      return { kind: 'unknown', status, message: detail }
    }
  }
}

function statusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown; response?: { statusCode?: unknown } }).code
  return typeof code === 'number' ? code : undefined
}

function describe(error: unknown): string {
  const body = (error as { response?: { body?: unknown } }).response?.body
  const first = (body as { errors?: { message?: string }[] } | undefined)?.errors?.[0]?.message
  return first ?? (error instanceof Error ? error.message : String(error))
}

function retryAfterMs(error: unknown, attempt: number): number {
  const header = (error as { response?: { headers?: Record<string, string> } }).response?.headers?.['retry-after']
  const seconds = Number(header)
  return Math.min(MAX_WAIT_MS, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000 * 2 ** attempt)
}
