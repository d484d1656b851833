import type { Config } from '@netlify/functions'
import { outbox, type OutboxEmail } from '#lib/data/outbox.ts'
import { devOnly } from '#lib/demo/guard.ts'
import { SECURITY_HEADERS, route } from '#lib/http/route.ts'
import { escapeHtml } from '#lib/pages/markdown.ts'

/**
 * The emails' HTML parts are drawn in frames with every sandbox restriction (no scripts, forms,
 * pop-ups or same-origin access). A srcdoc frame inherits this policy, so the emails' own inline
 * styles and their pictures are allowed, and nothing else: no script anywhere on the page.
 */
const POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; padding: 1rem; max-width: 60rem; color: #1d2b24; background: #faf7f0; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
article { background: #fff; border: 1px solid #ddd5c4; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
h2 { font-size: 1.125rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .125rem 1rem; margin: 0 0 1rem; font-size: .875rem; }
dt { color: #5b6660; } dd { margin: 0; overflow-wrap: anywhere; font-family: ui-monospace, monospace; }
h3 { font-size: .875rem; text-transform: uppercase; letter-spacing: .04em; color: #5b6660; margin: 1rem 0 .5rem; }
iframe { display: block; width: 100%; height: 32rem; border: 1px solid #ddd5c4; border-radius: .25rem; background: #fff; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f1ea; padding: .75rem; border-radius: .25rem; margin: 0; }
`

/** One email: who, what and when, every header (List-Unsubscribe among them), then both parts. */
function emailSection(email: OutboxEmail, index: number): string {
  const rows: [string, string | undefined][] = [
    ['To', email.to],
    ['From', email.from],
    ['Reply-To', email.replyTo],
    ['Date', email.sentAt],
    ...Object.entries(email.headers ?? {}),
  ]
  const details = rows
    .filter((row): row is [string, string] => row[1] !== undefined)
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('')
  const html = email.html
    ? `<h3>HTML part</h3><iframe sandbox="" srcdoc="${escapeHtml(email.html)}" title="HTML part of email ${index + 1}"></iframe>`
    : ''
  // An attachment (a calendar invite) is shown as its text: what a mail app would hand the calendar.
  const files = (email.attachments ?? [])
    .map((file) => `<h3>Attached: ${escapeHtml(file.filename)} (${escapeHtml(file.type)})</h3><pre>${escapeHtml(file.content)}</pre>`)
    .join('')
  return `<article aria-labelledby="email-${index}"><h2 id="email-${index}">${escapeHtml(email.subject)}</h2><dl>${details}</dl>${html}<h3>Text part</h3><pre>${escapeHtml(email.text)}</pre>${files}</article>`
}

/**
 * GET /api/dev/outbox/view, local development only (see lib/demo/guard.ts): the local outbox as a
 * page, newest first, each email's HTML part drawn as a mail app would and its text part beside it.
 * /api/dev/outbox answers the same emails as JSON for tests.
 */
export default devOnly(
  route({
    GET: async () => {
      const emails = (await outbox.list()).reverse()
      const body = emails.length === 0 ? '<p>No emails yet.</p>' : emails.map(emailSection).join('')
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Local outbox</title><style>${STYLE}</style></head><body><main><h1>Local outbox</h1><p>${emails.length} ${emails.length === 1 ? 'email' : 'emails'} sent while no SendGrid key is set, newest first. As JSON: <a href="/api/dev/outbox">/api/dev/outbox</a>.</p>${body}</main></body></html>`
      return new Response(page, {
        headers: {
          ...SECURITY_HEADERS,
          'Content-Security-Policy': POLICY,
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
        },
      })
    },
  }),
)

export const config: Config = { path: '/api/dev/outbox/view' }
