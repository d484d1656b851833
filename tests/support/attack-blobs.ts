import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getStore, listStores, setEnvironmentContext } from '@netlify/blobs'
import { BlobsServer, Operation } from '@netlify/blobs/server'

/**
 * The attack suite's Blobs server: as tests/support/blobs-server.ts (a real local server on a
 * temporary directory, this process's client pointed at it), and every request it receives is
 * recorded with the store and key it reached, so each attack call can be checked for reads and
 * writes outside the record it names.
 */

/** The stores the data modules write (netlify/lib/data/*.ts); the fingerprint adds any other that exists. */
export const ATTACK_STORES = [
  'posts',
  'content',
  'resources',
  'users',
  'bookings',
  'booking-emails-due',
  'booking-submissions',
  'subscribers',
  'outbox',
  'downloads',
  'rate-limits',
  'revoked-tokens',
] as const
export type StoreName = (typeof ATTACK_STORES)[number]

export type AccessKind = 'read' | 'write' | 'list'

/** One request the server received: the key as the server took it from the path, after the URL was normalised. */
export type Access = {
  kind: AccessKind
  type: Operation
  store: string
  /** The key the server acts on ('' for a list). */
  key: string
  /** A list's prefix parameter (null when none). */
  prefix: string | null
  /** The path and query as received. */
  raw: string
}

export type RecordingBlobsServer = {
  url: string
  siteID: string
  token: string
  /** Starts collecting the requests that arrive from now on (discarding any collected before). */
  begin(): void
  /** Stops collecting and hands back what arrived since begin(). */
  end(): Access[]
  /** Every key and ETag of every store, read through the list API (not recorded). */
  fingerprint(): Promise<Fingerprint>
  stop(): Promise<void>
}

export type Fingerprint = Map<string, Map<string, string>>

const KIND: Record<Operation, AccessKind> = {
  [Operation.GET]: 'read',
  [Operation.GET_METADATA]: 'read',
  [Operation.LIST]: 'list',
  [Operation.SET]: 'write',
  [Operation.DELETE]: 'write',
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

export async function startRecordingBlobsServer(): Promise<RecordingBlobsServer> {
  const directory = await mkdtemp(join(tmpdir(), 'blobs-attack-'))
  const token = randomBytes(16).toString('hex')
  let recording: Access[] | null = null
  let siteID = ''
  // Stores written since their last listing: a fingerprint lists only these again, so its cost
  // follows what a call changed, not how much the suite has stored by then.
  const listed = new Map<string, Map<string, string>>()
  const written = new Set<string>()
  const server = new BlobsServer({
    directory,
    token,
    port: 0,
    onRequest: ({ type, url }) => {
      const parsed = new URL(url, 'http://blobs.invalid')
      const [, site = '', store = '', ...key] = parsed.pathname.split('/')
      if (site !== siteID) return
      if (type === Operation.SET || type === Operation.DELETE) written.add(decodeSegment(store).replace(/^site:/, ''))
      if (!recording) return
      recording.push({
        kind: KIND[type],
        type,
        store: decodeSegment(store).replace(/^site:/, ''),
        key: key.map(decodeSegment).join('/'),
        prefix: type === Operation.LIST ? parsed.searchParams.get('prefix') : null,
        raw: `${parsed.pathname}${parsed.search}`,
      })
    },
  })
  const { port } = await server.start()
  const url = `http://localhost:${port}`
  siteID = `attack-site-${port}`
  setEnvironmentContext({ siteID, token, edgeURL: url, uncachedEdgeURL: url })

  return {
    url,
    siteID,
    token,
    begin() {
      recording = []
    },
    end() {
      const collected = recording ?? []
      recording = null
      return collected
    },
    async fingerprint() {
      // The stores known to the suite, and any other the functions have made since.
      const { stores } = await listStores()
      const names = [...new Set([...ATTACK_STORES, ...stores.map((name) => name.replace(/^site:/, ''))])]
      const entries = await Promise.all(
        names.map(async (name) => {
          const known = listed.get(name)
          if (known && !written.has(name)) return [name, known] as const
          // Marked clean before the listing starts: a write that lands during it marks it again.
          written.delete(name)
          const { blobs } = await getStore({ name, consistency: 'strong' }).list()
          const keys = new Map(blobs.map((blob) => [blob.key, blob.etag]))
          listed.set(name, keys)
          return [name, keys] as const
        }),
      )
      return new Map(entries)
    },
    async stop() {
      await server.stop()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/** Keys that were added, removed or rewritten between two fingerprints, as `store/key`. */
export function changedKeys(before: Fingerprint, after: Fingerprint): { store: string; key: string; change: 'added' | 'removed' | 'rewritten' }[] {
  const changes: { store: string; key: string; change: 'added' | 'removed' | 'rewritten' }[] = []
  for (const store of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(store) ?? new Map<string, string>()
    const is = after.get(store) ?? new Map<string, string>()
    for (const [key, etag] of is) {
      if (!was.has(key)) changes.push({ store, key, change: 'added' })
      else if (was.get(key) !== etag) changes.push({ store, key, change: 'rewritten' })
    }
    for (const key of was.keys()) if (!is.has(key)) changes.push({ store, key, change: 'removed' })
  }
  return changes
}

/**
 * Whether a key reaches the server as itself. The Blobs client puts keys into the URL path
 * unencoded, so a "?" or "#" cuts the key short, "." and ".." segments (also as %2e) climb out of
 * it, "\\" is a "/" to the URL parser, tabs and newlines vanish, and a "%" sequence may be decoded
 * into another character: such a key reaches some other key, so an access to it is never "its own".
 */
export function isFaithfulKey(key: string): boolean {
  if (key === '' || /[?#%\\\t\n\r]/.test(key) || key.charCodeAt(key.length - 1) <= 0x20) return false
  if (key.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment) || segment === '')) return false
  return true
}
