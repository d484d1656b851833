import { openStore } from '../blobs'

/** Token ids revoked at logout, kept until the token would have expired anyway. */
const store = () => openStore('revoked-tokens')

export const revokedTokens = {
  async revoke(jti: string, expiresAt: number): Promise<void> {
    await store().set(jti, String(expiresAt))
  },

  async isRevoked(jti: string): Promise<boolean> {
    return (await store().get(jti)) !== null
  },

  /** Drops entries whose tokens have expired; run on a schedule. */
  async prune(now = Date.now()): Promise<number> {
    let pruned = 0
    for (const jti of await store().keys()) {
      const expiresAt = Number(await store().get(jti))
      if (expiresAt * 1000 < now) {
        await store().delete(jti)
        pruned++
      }
    }
    return pruned
  },
}
