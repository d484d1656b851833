import type { SubscriberState } from '#domain/subscriber.ts'
import * as site from '#domain/api/site.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** The subscriber list, 50 a page, searched and filtered. */
export const subscribersApi = {
  subscribers: (query: { search: string; page: number; state?: SubscriberState }) => adminCall(site.subscribers, 'GET', { query }),
}
