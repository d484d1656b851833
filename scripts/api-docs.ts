/**
 * `npm run docs:api`: writes docs/api.md, the table of every endpoint, from the contracts in
 * domain/api/ (who may call, what is sent, what is answered). tests/functions/contracts.test.ts
 * fails when the file is not what this writes, so the table never drifts from the code.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as account from '#domain/api/account.ts'
import * as booking from '#domain/api/booking.ts'
import type { Access, EndpointContract, Method, MethodContract } from '#domain/api/contract.ts'
import * as library from '#domain/api/library.ts'
import * as mail from '#domain/api/mail.ts'
import * as pages from '#domain/api/pages.ts'
import * as posts from '#domain/api/posts.ts'
import * as site from '#domain/api/site.ts'
import { functionPath } from '#domain/route-map.ts'

const SECTIONS: [title: string, contracts: Record<string, EndpointContract>][] = [
  ['Public calls, and the calls of mail providers and SendGrid', site],
  ['Signing in, passwords and users', account],
  ['Posts, the dashboard and the history', posts],
  ['Resources, texts and the media library', library],
  ['Newsletters, subscribers and bookings', mail],
  ['Online booking: availability, free times, sessions and the calendar feed', booking],
  ['Pages, feeds and files', pages],
]

const WHO: Record<Access, string> = {
  public: 'anyone',
  'signed-in': 'signed in, also while a new password is due',
  editor: 'editor',
  admin: 'admin',
  worker: 'the site itself, with its secret',
  sendgrid: 'SendGrid, signed',
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'DELETE']

/** A body's field names, from its schema's shape (an object schema); '' when it has none to show. */
function fieldsOf(schema: MethodContract['body']): string {
  const shape = (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape
  return shape ? Object.keys(shape).join(', ') : ''
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')

export function renderApiDoc(): string {
  const lines = [
    '# API',
    '',
    'Every endpoint, written from its contract in `domain/api/` by `npm run docs:api` (a test fails',
    'when this file is not current). How every call answers its errors, and the host-domain rule, are',
    'in [product.md](product.md#api); adding an endpoint is [adding-an-endpoint.md](adding-an-endpoint.md).',
    '"Editor" means any signed-in user; "admin" means admins only.',
  ]
  for (const [title, contracts] of SECTIONS) {
    lines.push('', `## ${title}`, '', '| Call | Who | Sends | Answers |', '| --- | --- | --- | --- |')
    // By address (a module's exports come in another order under each loader).
    const addressed = Object.values(contracts).map((contract) => ({
      contract,
      address: (contract.endpoint.path ?? functionPath(contract.endpoint.function)).replace(/:(\w+)/g, '{$1}'),
    }))
    for (const { contract, address } of addressed.sort((a, b) => a.address.localeCompare(b.address))) {
      for (const method of METHODS) {
        const rules = contract.methods[method]
        if (!rules) continue
        const who = rules.who ? `${WHO[rules.access]} (${rules.who})` : WHO[rules.access]
        const sends = rules.sends ?? fieldsOf(rules.body)
        lines.push(`| \`${method} ${address}\` | ${cell(who)} | ${cell(sends)} | ${cell(rules.answers)} |`)
      }
    }
  }
  return `${lines.join('\n')}\n`
}

export const API_DOC = fileURLToPath(new URL('../docs/api.md', import.meta.url))

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(API_DOC, renderApiDoc())
  console.log(`wrote ${API_DOC}`)
}
