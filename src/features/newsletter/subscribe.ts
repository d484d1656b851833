import type { SubscribeInput } from '#domain/subscriber.ts'
import { SUBSCRIBE_MESSAGES } from '#domain/subscriber-messages.ts'
import { api, errorMessage, paths } from '#src/lib/api-client.ts'

/** Resolves to the alert text for the outcome (docs/product.md, Messages). */
export async function subscribe(input: SubscribeInput): Promise<{ ok: boolean; message: string }> {
  try {
    const { message } = await api<{ message?: string }>(paths.subscribers(), { method: 'POST', body: input })
    return { ok: true, message: message ?? SUBSCRIBE_MESSAGES.success }
  } catch (error) {
    return { ok: false, message: errorMessage(error, SUBSCRIBE_MESSAGES.failed, SUBSCRIBE_MESSAGES.unexpected) }
  }
}
