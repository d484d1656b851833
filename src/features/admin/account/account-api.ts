import * as account from '#domain/api/account.ts'
import type { EndpointCall } from '#src/lib/endpoint-call.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** My account's calls: her own password, and ending every session of hers. */
export const accountApi = {
  /** Answers this session's new token: the change ends every session signed with the old one. */
  changePassword: (input: EndpointCall<typeof account.adminAccountPassword, 'POST'>['body']) =>
    adminCall(account.adminAccountPassword, 'POST', { body: input }),
  /** Ends every session of hers, this one included: the caller then clears the stored session. */
  signOutEverywhere: () => adminCall(account.adminAccountSignOut, 'POST'),
}
