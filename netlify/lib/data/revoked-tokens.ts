import { openStore } from '#lib/storage/blobs.ts'
import { keys } from '#lib/storage/keys.ts'

/** Token ids revoked at logout, kept until the token would have expired anyway. */
const store = () => openStore('revoked-tokens')

export const revokedTokens = {
  async revoke(jti: string, expiresAt: number): Promise<void> {
    await store().set(keys.revokedToken(jti), String(expiresAt))
  },

  async isRevoked(jti: string): Promise<boolean> {
    return (await store().get(keys.revokedToken(jti))) !== null
  },

  /** Drops entries whose tokens have expired; run on a schedule. */
  async prune(now = Date.now()): Promise<number> {
    let pruned = 0
    for (const key of await store().keys()) {
      const expiresAt = Number(await store().get(key))
      if (expiresAt * 1000 < now) {
        await store().delete(key)
        pruned++
      }
    }
    return pruned
  },
}
