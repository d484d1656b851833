import type { Context } from '@netlify/functions'
import { CONTENT_SECURITY_POLICY, devPolicy, PAGE_HEADERS } from '#build/headers.ts'
import type { InitialData } from '#domain/initial-data.ts'
import { StorageUnavailableError } from '#lib/storage/blobs.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { readFormFields } from './post'
import { escapeHtml } from '#lib/pages/markdown.ts'
import { callerError, STORAGE_UNAVAILABLE_MESSAGE } from '#lib/http/route.ts'
import { builtPage, type PageTemplate } from '#lib/built-pages.ts'
import { isPageTemplate, policyAllowingStyles, renderIntoTemplate, withDataBlock } from '#lib/pages/render.ts'
import { withHead, type PageMeta } from '#lib/pages/seo.ts'

/** What a form's check or action came to: the message to show, and the field it belongs to. */
export type FormOutcome = { ok: boolean; message: string; field?: string }

/** The page to answer with: the data it is rendered with (its path, the answer) and its template. */
export type AnswerPage = { data: InitialData; template: PageTemplate; meta?: PageMeta }

type FormPost<N extends string> = {
  fields: readonly N[]
  /** Checks the fields and acts on them (the same way as a JSON call); may throw an error meant for the caller (callerError). */
  act: (fields: Partial<Record<N, string>>) => Promise<FormOutcome>
  /** The page that shows the outcome, with what was typed where the outcome keeps it. */
  page: (outcome: FormOutcome, fields: Partial<Record<N, string>>) => Promise<AnswerPage>
}

/**
 * A form the browser posted itself (see form-post.ts), answered the way the page's code would
 * have shown it: the page again, with the success message, or the first failing check's message
 * and everything typed. Refusals (the per-network limit, storage down) are shown on that page too,
 * with their own status, so nothing typed is lost whatever happened.
 */
export async function answerFormPost<N extends string>(req: Request, context: Context, form: FormPost<N>): Promise<Response> {
  let fields: Partial<Record<N, string>> = {}
  let outcome: FormOutcome
  let status = 200
  try {
    fields = await readFormFields(req, form.fields)
    outcome = await form.act(fields)
    if (!outcome.ok) status = 400
  } catch (error) {
    const refused = callerError(error)
    if (refused) {
      outcome = { ok: false, message: refused.message }
      status = refused.status
    } else if (error instanceof StorageUnavailableError) {
      console.error('storage unavailable:', error.cause)
      outcome = { ok: false, message: STORAGE_UNAVAILABLE_MESSAGE }
      status = 503
    } else {
      throw error
    }
  }
  return pageResponse(context, await form.page(outcome, fields), status)
}

async function pageResponse(context: Context, page: AnswerPage, status: number): Promise<Response> {
  const template = await builtPage(context, page.template).catch(() => null)
  const headers: Record<string, string> = {
    ...PAGE_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    // The answer to one person's post: never kept by a browser or a CDN.
    'Cache-Control': 'no-store',
  }
  if (status === 503) headers['Retry-After'] = '5'
  if (template === null)
    return new Response(plainAnswer(page), { status, headers: { ...headers, 'Content-Security-Policy': CONTENT_SECURITY_POLICY } })
  let html: string
  let policy = CONTENT_SECURITY_POLICY
  if (isPageTemplate(template)) {
    html = await renderIntoTemplate(template, page.data)
    policy = policyAllowingStyles(policy, html)
  } else {
    // Vite's dev server page, under netlify dev only (see page-render.ts).
    html = withDataBlock(template, page.data)
    if (runtimeOf(context).local) policy = devPolicy(policy)
  }
  if (page.meta) html = withHead(html, page.meta)
  return new Response(html, { status, headers: { ...headers, 'Content-Security-Policy': policy } })
}

/**
 * The answer when the site's own page cannot be read (a deploy without its built pages):
 * what happened, in plain words, and the way back. The booking or signup itself is done or not
 * as the message says; a failed one is still in the form the browser's Back button returns to.
 */
function plainAnswer({ data }: AnswerPage): string {
  const message = escapeHtml(data.answer?.message ?? '')
  const back = escapeHtml(data.path)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Faithful Finances</title></head><body><main><p role="status">${message}</p><p><a href="${back}">Back to the page</a></p></main></body></html>`
}
