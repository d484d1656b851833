import { getStore } from '@netlify/blobs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { changedKeys, startRecordingBlobsServer, type RecordingBlobsServer } from '#tests/support/attack-blobs.ts'

/**
 * The attack and cross-site suites judge "nothing stored" by two fingerprints of every store. A
 * fingerprint lists again only the stores written since the last one; these checks keep that
 * shortcut from hiding a change.
 */
let blobs: RecordingBlobsServer
const store = (name: string) => getStore({ name, consistency: 'strong' })

beforeAll(async () => {
  blobs = await startRecordingBlobsServer()
  // The local server cannot list the stores of a site that has none; every suite seeds first.
  await store('users').set('seed', '1')
})
afterAll(async () => {
  await blobs?.stop()
})

const changes = async (work: () => Promise<unknown>) => {
  const before = await blobs.fingerprint()
  await work()
  return changedKeys(before, await blobs.fingerprint()).map(({ change, store, key }) => `${change} ${store}/${key}`)
}

it('sees a record added, rewritten and removed, in a store it has listed before', async () => {
  expect(await changes(() => store('posts').set('one', 'a'))).toEqual(['added posts/one'])
  expect(await changes(() => store('posts').set('one', 'b'))).toEqual(['rewritten posts/one'])
  expect(await changes(() => store('posts').delete('one'))).toEqual(['removed posts/one'])
})

it('sees a write to a store no fingerprint has named yet', async () => {
  expect(await changes(() => store('made-by-a-call').set('x', '1'))).toEqual(['added made-by-a-call/x'])
})

it('sees nothing when nothing was written, and a read is not a write', async () => {
  await store('users').set('u', '1')
  expect(await changes(() => store('users').get('u'))).toEqual([])
})

it('sees writes to several stores at once', async () => {
  expect((await changes(() => Promise.all([store('posts').set('p', '1'), store('content').set('c', '1')]))).toSorted()).toEqual([
    'added content/c',
    'added posts/p',
  ])
})
