import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setEnvironmentContext } from '@netlify/blobs'
import { BlobsServer, Operation } from '@netlify/blobs/server'
import { afterAll, beforeAll, beforeEach } from 'vitest'

export type BlobRequestCounts = Record<Operation, number>

export type RunningBlobsServer = {
  url: string
  /** Calls received since the last reset, by type: what a benchmark reads. */
  requests: BlobRequestCounts
  /** Deletes every stored entry and zeroes the counts. */
  reset(): Promise<void>
  stop(): Promise<void>
}

const zeroCounts = (): BlobRequestCounts => ({
  [Operation.DELETE]: 0,
  [Operation.GET]: 0,
  [Operation.GET_METADATA]: 0,
  [Operation.LIST]: 0,
  [Operation.SET]: 0,
})

/**
 * A real local Blobs server on a fresh temporary directory, and the Blobs client of this process
 * pointed at it. Everything a function stores in a test goes through the same HTTP API as on Netlify.
 */
export async function startBlobsServer(): Promise<RunningBlobsServer> {
  const directory = await mkdtemp(join(tmpdir(), 'blobs-test-'))
  const token = randomBytes(16).toString('hex')
  const requests = zeroCounts()
  const server = new BlobsServer({
    directory,
    token,
    port: 0,
    onRequest: ({ type }) => {
      requests[type]++
    },
  })
  const { port } = await server.start()
  const url = `http://localhost:${port}`
  setEnvironmentContext({ siteID: `test-site-${port}`, token, edgeURL: url, uncachedEdgeURL: url })

  return {
    url,
    requests,
    async reset() {
      // The server keeps entries and metadata in sub-directories it recreates on the next write.
      await rm(join(directory, 'entries'), { recursive: true, force: true })
      await rm(join(directory, 'metadata'), { recursive: true, force: true })
      Object.assign(requests, zeroCounts())
    },
    async stop() {
      await server.stop()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/** Starts a server for the current test file and empties it before each test. */
export function useBlobsServer(): { readonly current: RunningBlobsServer } {
  let running: RunningBlobsServer | undefined
  beforeAll(async () => {
    running = await startBlobsServer()
  })
  beforeEach(async () => {
    await running?.reset()
  })
  afterAll(async () => {
    await running?.stop()
  })
  return {
    get current() {
      if (!running) throw new Error('The Blobs server starts in beforeAll: use it inside a test')
      return running
    },
  }
}
