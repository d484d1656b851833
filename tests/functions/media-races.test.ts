import { getStore } from '@netlify/blobs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MEDIA_MESSAGES, MEDIA_PART_BYTES, type MediaFile } from '#domain/media.ts'
import { media } from '#lib/data/media.ts'
import { createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { expectConsoleError } from '#tests/support/console-guard.ts'
import { completeUpload, pdfBytes, putPart, sha256, startUpload, uploadFile } from '#tests/support/media.ts'
import { fetchServed, pngOfSize, raceRounds, raceUpload, scriptedSvgOfSize, type RaceResult } from '#tests/support/upload-races.ts'

useBlobsServer()

/**
 * A part is written once, and the bytes served are the bytes `complete` checked, whatever runs
 * at the same time (netlify/lib/data/media.ts). tests/attack/upload-races.test.ts runs the same
 * rounds at the tester's 3 MB; tests/stress/races.test.ts runs more of them.
 */

const rawStore = () => getStore({ name: 'media', consistency: 'strong' })
const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>])

function expectServedAsChecked(results: RaceResult[]) {
  for (const [i, result] of results.entries()) {
    expect(result.swapped, `round ${i}`).toEqual([])
    expect(result.problems, `round ${i}`).toEqual([])
    expect(result.errors5xx, `round ${i}`).toBe(0)
  }
}

describe('a part is written once', () => {
  it('answers the same bytes again as stored (a retry), and refuses other bytes with 409 while keeping the first', async () => {
    const { authorization } = await createEditor()
    const png = pngOfSize(5_000)
    const { body } = await startUpload(authorization, { name: 'photo.png', size: png.byteLength })
    const id = body.upload!.id

    expect((await putPart(authorization, id, 1, png)).status).toBe(200)
    expect((await putPart(authorization, id, 1, png)).status).toBe(200)
    const other = await putPart(authorization, id, 1, scriptedSvgOfSize(png.byteLength))
    expect(other.status).toBe(409)
    expect(other.body).toEqual({ success: false, message: MEDIA_MESSAGES.partConflict })

    expect((await completeUpload(authorization, id)).body).toMatchObject({
      success: true,
      file: { contentType: 'image/png', sha256: sha256(png) },
    })
    const served = await fetchServed(id)
    expect(sha256(served.bytes)).toBe(sha256(png))
  })

  it('two first writes of one part at once: one is stored, the other refused, and the file is the stored one', async () => {
    const { authorization } = await createEditor()
    for (let round = 0; round < 4; round++) {
      const a = pdfBytes(200_000)
      const b = pdfBytes(200_000)
      const { body } = await startUpload(authorization, { name: 'guide.pdf', size: a.byteLength })
      const id = body.upload!.id
      const answers = await Promise.all([putPart(authorization, id, 1, a), putPart(authorization, id, 1, b)])
      expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409])
      const stored = answers[0]!.status === 200 ? a : b
      expect((await completeUpload(authorization, id)).body.file?.sha256).toBe(sha256(stored))
      expect(sha256((await fetchServed(id)).bytes)).toBe(sha256(stored))
    }
  })

  describe('when Blobs answers a create-only write with an error (the client then reports it as modified, with no ETag)', () => {
    const realFetch = globalThis.fetch
    let failing: { mockRestore(): void } | undefined
    afterEach(() => failing?.mockRestore())

    /** Every PUT of `part/<id>/001` answers 500, after (`land`) or instead of reaching the store. */
    function failPartWrites(id: string, { land }: { land: boolean }) {
      failing = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const url = decodeURIComponent(input instanceof Request ? input.url : String(input))
        if (init?.method?.toUpperCase() !== 'PUT' || !url.includes(`part/${id}/001`)) return realFetch(input, init)
        if (land) await realFetch(input, init)
        return new Response('failed', { status: 500 })
      })
    }

    it('takes the write as done only when the part holds exactly its bytes', async () => {
      const { authorization } = await createEditor()
      const png = pngOfSize(3_000)
      const { body } = await startUpload(authorization, { name: 'photo.png', size: png.byteLength })
      const id = body.upload!.id

      failPartWrites(id, { land: true })
      expect((await putPart(authorization, id, 1, png)).status).toBe(200)
      // The same failure over a part that holds other bytes is no write of ours.
      expect((await putPart(authorization, id, 1, scriptedSvgOfSize(png.byteLength))).body).toEqual({
        success: false,
        message: MEDIA_MESSAGES.partConflict,
      })
      failing?.mockRestore()

      expect((await completeUpload(authorization, id)).body.file).toMatchObject({ contentType: 'image/png', sha256: sha256(png) })
      expect(sha256((await fetchServed(id)).bytes)).toBe(sha256(png))
    })

    it('answers 503 when nothing was stored', async () => {
      const { authorization } = await createEditor()
      const { body } = await startUpload(authorization, { name: 'photo.png', size: 3_000 })
      const id = body.upload!.id
      expectConsoleError(/storage unavailable/)
      failPartWrites(id, { land: false })
      expect((await putPart(authorization, id, 1, pngOfSize(3_000))).status).toBe(503)
    })
  })
})

describe('rewrites racing the completion (fuzz)', () => {
  it('one-part files: every round ends refused or serving the first bytes, as checked', { timeout: 120_000 }, async () => {
    const { authorization } = await createEditor()
    const results: RaceResult[] = []
    for (const round of raceRounds(12, { size: 400_000, seed: 7 })) results.push(await raceUpload(authorization, round))
    expectServedAsChecked(results)
    // A rewrite of the first bytes is an SVG: it can never be what is served.
    expect(results.map((result) => result.outcome).filter((outcome) => outcome !== 'png' && outcome !== 'refused')).toEqual([])
    expect(results.some((result) => result.outcome === 'png')).toBe(true)
  })

  it('files of two parts (streamed), racing the first part and the last', { timeout: 120_000 }, async () => {
    const { authorization } = await createEditor()
    const size = MEDIA_PART_BYTES + 100_000
    const results: RaceResult[] = []
    for (const round of [...raceRounds(3, { size, part: 1, seed: 11 }), ...raceRounds(3, { size, part: 2, seed: 12 })])
      results.push(await raceUpload(authorization, round))
    expectServedAsChecked(results)
    expect(results.map((result) => result.outcome)).not.toContain('other')
  })
})

describe('serving only what was checked', () => {
  /** A ready file's part changed behind the site's back (only the store itself can). */
  const overwrite = (id: string, part: number, bytes: Uint8Array) =>
    rawStore().set(`part/${id}/${String(part).padStart(3, '0')}`, blob(bytes))

  it('a one-part file whose bytes changed is not served (503), never as its recorded type', async () => {
    const { authorization } = await createEditor()
    const png = pngOfSize(4_000)
    const { id } = await uploadFile(authorization, 'photo.png', png)
    await overwrite(id!, 1, scriptedSvgOfSize(png.byteLength))
    expectConsoleError(/not the bytes its upload checked/)
    const served = await fetchServed(id!)
    expect(served.status).toBe(503)
    expect(served.headers.get('cache-control')).toBe('no-store')
  })

  it('a streamed file: a changed first part is a 503; a changed later part ends the stream before any of its bytes', async () => {
    const { authorization } = await createEditor()
    const bytes = pdfBytes(MEDIA_PART_BYTES + 50_000)
    const { id } = await uploadFile(authorization, 'ebook.pdf', bytes)
    const tail = bytes.subarray(MEDIA_PART_BYTES)

    await overwrite(id!, 2, scriptedSvgOfSize(tail.byteLength))
    expectConsoleError(/media file stream stopped.*not the bytes its upload checked/s)
    const response = await fetchServed(id!)
    // The answer had started (200, the file's length); its body fails instead of carrying the other bytes.
    expect(response.status).toBe(502)

    await overwrite(id!, 2, tail)
    await overwrite(id!, 1, scriptedSvgOfSize(MEDIA_PART_BYTES))
    expectConsoleError(/storage unavailable/)
    expect((await fetchServed(id!)).status).toBe(503)
  })

  it('a streamed file completed before part hashes were kept is served while whole, and cut short before its last part when not', async () => {
    const { authorization } = await createEditor()
    const bytes = pdfBytes(MEDIA_PART_BYTES + 30_000)
    const { id } = await uploadFile(authorization, 'old.pdf', bytes)
    const record = JSON.parse((await rawStore().get(`file/${id}`, { type: 'text' }))!) as MediaFile
    delete record.partSha256
    await rawStore().set(`file/${id}`, JSON.stringify(record))

    const intact = await fetchServed(id!)
    expect(intact.status).toBe(200)
    expect(sha256(intact.bytes)).toBe(sha256(bytes))

    await overwrite(id!, 2, pdfBytes(bytes.byteLength - MEDIA_PART_BYTES))
    expectConsoleError(/media file stream stopped/)
    expect((await fetchServed(id!)).status).toBe(502)
    expect(await media.get(id!)).toMatchObject({ status: 'ready' })
  })
})
