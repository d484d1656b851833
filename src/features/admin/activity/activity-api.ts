import type { ActivityQuery } from '#domain/activity.ts'
import * as posts from '#domain/api/posts.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** The history of admin writes, a page at a time. */
export const activityApi = {
  activity: (query: ActivityQuery = {}) => adminCall(posts.adminActivity, 'GET', { query }),
}
