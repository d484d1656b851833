import * as account from '#domain/api/account.ts'
import * as posts from '#domain/api/posts.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** The layout's and the dashboard's calls: signing out, and the site's totals. */
export const shellApi = {
  logout: () => adminCall(account.adminLogout, 'POST'),
  stats: async () => (await adminCall(posts.adminStats, 'GET')).stats,
}
