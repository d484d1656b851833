import { getStore } from '@netlify/blobs'
import { describe, expect, it } from 'vitest'
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, MEDIA_PART_BYTES } from '#domain/media.ts'
import * as adminMediaFile from '#functions/admin-media-file.ts'
import * as mediaFile from '#functions/media-file.ts'
import { media } from '#lib/data/media.ts'
import { createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'
import { completeUpload, pdfBytes, putPart, startUpload, uploadFile } from '#tests/support/media.ts'

useBlobsServer()

const text = (value: string) => new TextEncoder().encode(value)
/** One byte per character, as written (`\xff` is the byte 0xff). */
const bytesOf = (value: string) => Buffer.from(value, 'latin1')

/** Every key left in the media store: a refused file leaves nothing behind. */
const storedKeys = async () => (await getStore({ name: 'media', consistency: 'strong' }).list()).blobs.map((blob) => blob.key)

describe('what is refused, whatever its name or declared type', () => {
  const refused: [string, string, Uint8Array, string, string][] = [
    [
      'an SVG with a script, declared as PNG',
      'logo.png',
      text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/png',
      MEDIA_MESSAGES.scriptable,
    ],
    [
      'an SVG with a byte-order mark and white space first',
      'logo.svg.png',
      text('\uFEFF  \n<svg onload="alert(1)"/>'),
      '',
      MEDIA_MESSAGES.scriptable,
    ],
    [
      'an HTML page renamed .pdf',
      'ebook.pdf',
      text('<!doctype html><html><script>fetch("/api")</script></html>'),
      'application/pdf',
      MEDIA_MESSAGES.scriptable,
    ],
    [
      'a Windows program (MZ) renamed .pdf',
      'ebook.pdf',
      Buffer.concat([text('MZ\x90\x00'), pdfBytes(400)]),
      'application/pdf',
      MEDIA_MESSAGES.program,
    ],
    [
      'a Linux program (ELF) renamed .jpg',
      'photo.jpg',
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), pdfBytes(400)]),
      'image/jpeg',
      MEDIA_MESSAGES.program,
    ],
    ['a ZIP renamed .pdf', 'ebook.pdf', Buffer.concat([text('PK\x03\x04'), pdfBytes(400)]), 'application/pdf', MEDIA_MESSAGES.wrongType],
    ['plain text', 'notes.pdf', text('Just some notes, not a PDF at all.'), 'application/pdf', MEDIA_MESSAGES.wrongType],
    // A few signature bytes, then anything: the pages would size the picture from the made-up numbers.
    ['a GIF signature then a script', 'gif.gif', text('GIF89a<script>alert(1)</script>'), 'image/gif', MEDIA_MESSAGES.unreadableImage],
    [
      'a JPEG signature then a page',
      'photo.jpg',
      bytesOf('\xff\xd8\xff<html><script>alert(1)</script></html>'),
      'image/jpeg',
      MEDIA_MESSAGES.unreadableImage,
    ],
    [
      'a PNG signature then a page',
      'pic.png',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), text('<html><body>hello there, reader</body></html>')]),
      'image/png',
      MEDIA_MESSAGES.unreadableImage,
    ],
    [
      'a WebP whose container says another length',
      'pic.webp',
      Buffer.concat([bytesOf('RIFF\xff\xff\x00\x00WEBPVP8L'), Buffer.from([20, 0, 0, 0, 0x2f, 9, 0, 0, 0]), Buffer.alloc(40)]),
      'image/webp',
      MEDIA_MESSAGES.unreadableImage,
    ],
  ]

  it.each(refused)('%s: refused at completion and deleted', async (_name, name, bytes, type, message) => {
    const { authorization } = await createEditor()
    const { id, answer } = await uploadFile(authorization, name, bytes, { type })

    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ success: false, message })
    expect(await media.get(id!)).toBeNull()
    expect(await storedKeys()).toEqual([])
  })

  it.each([
    ['image/svg+xml', MEDIA_MESSAGES.scriptable],
    ['text/html', MEDIA_MESSAGES.scriptable],
    ['application/x-msdownload', MEDIA_MESSAGES.program],
  ])('a declared %s is refused before any upload', async (type, message) => {
    const { authorization } = await createEditor()
    const { status, body } = await startUpload(authorization, { name: 'file', size: 100, type })
    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message })
    expect(await storedKeys()).toEqual([])
  })

  it('refuses a file over the limit at the start, and an empty one', async () => {
    const { authorization } = await createEditor()
    const over = await startUpload(authorization, { name: 'huge.pdf', size: MEDIA_MAX_BYTES + 1, type: 'application/pdf' })
    expect(over.status).toBe(400)
    expect(over.body).toEqual({ success: false, message: 'That file is too large. Files can be at most 20.9 MB.' })
    // A size no file has is too large, not empty.
    const absurd = await startUpload(authorization, { name: 'huge.pdf', size: 2 ** 53 })
    expect(absurd.body).toEqual({ success: false, message: 'That file is too large. Files can be at most 20.9 MB.' })
    const empty = await startUpload(authorization, { name: 'empty.pdf', size: 0 })
    expect(empty.body).toEqual({ success: false, message: MEDIA_MESSAGES.emptyFile })
    for (const name of ['', '   ', 'x'.repeat(201), 'line\nbreak.pdf', 'nul\u0000.pdf'])
      expect((await startUpload(authorization, { name, size: 10 })).status, JSON.stringify(name)).toBe(400)
    expect(await storedKeys()).toEqual([])
  })

  it('refuses a part past the part size with 413, and a part of the wrong size or number with 400', async () => {
    const { authorization } = await createEditor()
    const { body } = await startUpload(authorization, { name: 'two-parts.pdf', size: MEDIA_PART_BYTES + 10 })
    const id = body.upload!.id

    const tooBig = await putPart(authorization, id, 1, new Uint8Array(MEDIA_PART_BYTES + 1))
    expect(tooBig.status).toBe(413)
    const short = await putPart(authorization, id, 1, new Uint8Array(100))
    expect(short.body).toEqual({ success: false, message: MEDIA_MESSAGES.partSize })
    const lastTooLong = await putPart(authorization, id, 2, new Uint8Array(11))
    expect(lastTooLong.body).toEqual({ success: false, message: MEDIA_MESSAGES.partSize })
    for (const n of ['0', '3', '999', '-1', '1.5', 'x', '0001'])
      expect((await putPart(authorization, id, n, new Uint8Array(10))).body, n).toEqual({
        success: false,
        message: MEDIA_MESSAGES.partUnknown,
      })
  })

  it('refuses to complete while a part is missing, then completes once it arrives', async () => {
    const { authorization } = await createEditor()
    const bytes = pdfBytes(MEDIA_PART_BYTES * 2 + 5)
    const { id, answer } = await uploadFile(authorization, 'ebook.pdf', bytes, { skipParts: [2] })
    expect(answer.body).toEqual({ success: false, message: 'Part 2 of 3 never arrived. Please upload the file again.' })

    await putPart(authorization, id!, 2, bytes.subarray(MEDIA_PART_BYTES, MEDIA_PART_BYTES * 2))
    expect((await completeUpload(authorization, id!)).body).toMatchObject({ success: true, file: { size: bytes.byteLength } })
  })

  it('refuses a file whose stored parts do not add up to its size (a damaged store)', async () => {
    const { authorization } = await createEditor()
    const { body } = await startUpload(authorization, { name: 'ebook.pdf', size: 100 })
    const id = body.upload!.id
    await getStore({ name: 'media', consistency: 'strong' }).set(`part/${id}/001`, new Blob([pdfBytes(90) as Uint8Array<ArrayBuffer>]))

    const answer = await completeUpload(authorization, id)
    expect(answer.body).toEqual({ success: false, message: MEDIA_MESSAGES.sizeMismatch })
  })

  it('refuses more parts once the file is complete', async () => {
    const { authorization } = await createEditor()
    const bytes = pdfBytes(50)
    const { id } = await uploadFile(authorization, 'done.pdf', bytes)
    const again = await putPart(authorization, id!, 1, bytes)
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ success: false, message: MEDIA_MESSAGES.alreadyComplete })
  })

  it('never serves an upload still in progress', async () => {
    const { authorization } = await createEditor()
    const { body } = await startUpload(authorization, { name: 'half.pdf', size: 10 })
    const id = body.upload!.id
    await putPart(authorization, id, 1, pdfBytes(10))
    const answer = await call(mediaFile, { path: `/media/${id}/half.pdf`, params: { id, name: 'half.pdf' } })
    expect(answer.status).toBe(404)
  })
})

describe('crafted ids', () => {
  const IDS = ['../x', '..', '__proto__', 'constructor', 'prototype', 'toString', 'x/../../index', 'a%2F..', 'file#', 'x'.repeat(65), '']

  it.each(IDS)('%j finds no file anywhere, and stores nothing', async (id) => {
    const { authorization } = await createEditor()
    const headers = { authorization }
    const seg = encodeURIComponent(id)
    const answers = [
      await call(mediaFile, { path: `/media/${seg}/x.pdf`, params: { id, name: 'x.pdf' } }),
      await call(adminMediaFile, { method: 'DELETE', path: `/api/admin/media/${seg}`, params: { id }, headers }),
      await completeUpload(authorization, id),
      await putPart(authorization, id, 1, pdfBytes(10)),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404])
    for (const answer of answers) expect(answer.body).toMatchObject({ success: false })
    expect(await storedKeys()).toEqual([])
  })

  it('an id that is a real one but for another part number never reaches a key', async () => {
    const { authorization } = await createEditor()
    const { body } = await startUpload(authorization, { name: 'a.pdf', size: 10 })
    const answer = await putPart(authorization, body.upload!.id, '../../file', pdfBytes(10))
    expect(answer.status).toBe(400)
  })
})
