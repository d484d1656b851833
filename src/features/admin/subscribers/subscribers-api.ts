import type { SubscriberState } from '#domain/subscriber.ts'
import * as mail from '#domain/api/mail.ts'
import * as site from '#domain/api/site.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** The subscriber list, 50 a page, searched and filtered; and the two changes made by hand. */
export const subscribersApi = {
  subscribers: (query: { search: string; page: number; state?: SubscriberState }) => adminCall(site.subscribers, 'GET', { query }),
  /** A person asked to be forgotten: their record and everything kept under their address go. */
  erase: (email: string) => adminCall(mail.adminSubscriberErase, 'POST', { body: { email } }),
  /** A stopped address (bounce, spam report) whose owner asked to receive email again. */
  clearStop: (email: string) => adminCall(mail.adminSubscriberClearStop, 'POST', { body: { email } }),
}
