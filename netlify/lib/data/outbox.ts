import * as z from 'zod/mini'
import { openStore } from '#lib/storage/blobs.ts'
import { timeOrderedId } from '#lib/storage/ids.ts'
import { keys } from '#lib/storage/keys.ts'

/** Where email goes when no SendGrid key is set: readable by developers and tests. */
export const OutboxEmailSchema = z.object({
  to: z.string(),
  from: z.string(),
  replyTo: z.optional(z.string()),
  subject: z.string(),
  text: z.string(),
  /** The HTML part, when the email has one (newsletters, booking requests). */
  html: z.optional(z.string()),
  headers: z.optional(z.record(z.string(), z.string())),
  /** Files sent with it (a session's calendar invite), kept whole so tests and developers can open them. */
  attachments: z.optional(z.array(z.object({ filename: z.string(), type: z.string(), content: z.string() }))),
  sentAt: z.string(),
})
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>

const store = () => openStore('outbox')

export const outbox = {
  async put(email: Omit<OutboxEmail, 'sentAt'>): Promise<void> {
    await store().setIfNew(keys.outboxEmail(timeOrderedId()), JSON.stringify({ ...email, sentAt: new Date().toISOString() }))
  },

  async list(): Promise<OutboxEmail[]> {
    const keys = (await store().keys()).sort()
    const texts = await Promise.all(keys.map((key) => store().get(key)))
    return texts.filter((t): t is string => t !== null).map((t) => z.parse(OutboxEmailSchema, JSON.parse(t)))
  },
}
