import * as account from '#domain/api/account.ts'
import type { EndpointCall } from '#src/lib/endpoint-call.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** The Users screen's calls: the list, adding and deleting, another's password, the ownership. */
export const usersApi = {
  users: async () => (await adminCall(account.adminUsers, 'GET')).users,
  createUser: (input: EndpointCall<typeof account.adminUsers, 'POST'>['body']) => adminCall(account.adminUsers, 'POST', { body: input }),
  deleteUser: (id: string) => adminCall(account.adminUser, 'DELETE', { params: { id } }),
  resetPassword: (id: string, input: EndpointCall<typeof account.adminUserPassword, 'POST'>['body']) =>
    adminCall(account.adminUserPassword, 'POST', { params: { id }, body: input }),
  /** The owner makes another admin the owner, confirming with her own password. */
  handOverOwnership: (id: string, input: EndpointCall<typeof account.adminUserOwner, 'POST'>['body']) =>
    adminCall(account.adminUserOwner, 'POST', { params: { id }, body: input }),
}
