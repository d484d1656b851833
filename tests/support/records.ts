import type { Role } from '#domain/admin-user.ts'
import type { PostInput } from '#domain/blog-post.ts'
import type { ResourceInput } from '#domain/resource.ts'
import { issueToken } from '#lib/auth/session.ts'
import { posts } from '#lib/data/posts.ts'
import { resources } from '#lib/data/resources.ts'
import { users } from '#lib/data/users.ts'
import { postInput, resourceInput } from './factories'

/**
 * Test users' passwords are hashed at bcrypt's lowest cost, asked for explicitly (the code's own
 * callers cannot lower it): sign-in loops then test the limits, not the hashing. The tests of the
 * stored cost create their users as the admin's users screen does.
 */
export const TEST_PASSWORD_COST = 4

/**
 * Stored records, made through the same data modules the functions use (never by writing blobs by
 * hand), so a test starts from data the site itself could have produced. Server-side only.
 */
export function createPost(overrides: Partial<PostInput> = {}, author = 'Coach Test') {
  return posts.create(postInput(overrides), author)
}

export function createResource(overrides: Partial<ResourceInput> = {}, createdBy = 'admin-test') {
  return resources.create(resourceInput(overrides), createdBy)
}

let userSequence = 0

/** A stored user and a valid Bearer header for them. */
export async function createSignedInUser(role: Role = 'admin') {
  const username = `${role}${++userSequence}`
  await users.create({ username, email: `${username}@test.example`, password: 'correct horse battery', role }, { passwordCost: TEST_PASSWORD_COST })
  const user = await users.findByUsername(username)
  if (!user) throw new Error(`user ${username} was not stored`)
  return { user, authorization: `Bearer ${await issueToken(user)}` }
}
