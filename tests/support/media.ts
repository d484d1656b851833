import { createHash, randomBytes } from 'node:crypto'
import type { MediaListItem, MediaUpload } from '#domain/media.ts'
import * as adminMedia from '#functions/admin-media.ts'
import * as adminMediaComplete from '#functions/admin-media-complete.ts'
import * as adminMediaPart from '#functions/admin-media-part.ts'
import { call, type ApiBody, type CallResult } from './call'

/**
 * Files for the media library tests, made from their real first bytes, and the upload as the
 * admin screen makes it: start, one PUT per part, complete.
 */

const ascii = (text: string) => Buffer.from(text, 'latin1')

/** A PDF of exactly `size` bytes: the header, random bytes (so hashes tell files apart), the trailer. */
export function pdfBytes(size: number): Uint8Array {
  const head = ascii('%PDF-1.7\n')
  const tail = ascii('\n%%EOF\n')
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length - tail.length)), tail]).subarray(0, size)
}

/** A PNG's signature and IHDR chunk: enough to be recognised and measured. */
export function pngBytes(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(25)
  ihdr.writeUInt32BE(13, 0)
  ihdr.write('IHDR', 4, 'latin1')
  ihdr.writeUInt32BE(width, 8)
  ihdr.writeUInt32BE(height, 12)
  ihdr.set([8, 6, 0, 0, 0], 16)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, randomBytes(64)])
}

export function gifBytes(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13)
  header.write('GIF89a', 0, 'latin1')
  header.writeUInt16LE(width, 6)
  header.writeUInt16LE(height, 8)
  return Buffer.concat([header, randomBytes(32)])
}

/** A lossless WebP (VP8L) header. */
export function webpBytes(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(40)
  bytes.write('RIFF', 0, 'latin1')
  bytes.writeUInt32LE(32, 4)
  bytes.write('WEBPVP8L', 8, 'latin1')
  bytes.writeUInt32LE(20, 16)
  bytes[20] = 0x2f
  bytes.writeUInt32LE(((height - 1) << 14) | (width - 1), 21)
  return bytes
}

/** A JPEG with an EXIF-like block before its frame header, as cameras write them. */
export function jpegBytes(width: number, height: number): Uint8Array {
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0x01, 0x02]), randomBytes(0x0100)])
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 3])
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, randomBytes(32)])
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

export type StartAnswer = ApiBody & { upload?: MediaUpload }
export type CompleteAnswer = ApiBody & { file?: MediaListItem }

export const startUpload = (authorization: string, body: unknown) =>
  call<StartAnswer>(adminMedia, { method: 'POST', path: '/api/admin/media', body, headers: { authorization } })

export const putPart = (authorization: string, id: string, n: string | number, bytes: Uint8Array) =>
  call(adminMediaPart, {
    method: 'PUT',
    path: `/api/admin/media/${encodeURIComponent(id)}/parts/${encodeURIComponent(String(n))}`,
    params: { id, n: String(n) },
    body: bytes,
    headers: { authorization, 'content-type': 'application/octet-stream' },
  })

export const completeUpload = (authorization: string, id: string) =>
  call<CompleteAnswer>(adminMediaComplete, {
    method: 'POST',
    path: `/api/admin/media/${encodeURIComponent(id)}/complete`,
    params: { id },
    headers: { authorization },
  })

/**
 * Uploads a file as the admin screen does. `skipParts` leaves parts out (a lost request); the
 * answer of the last step taken is returned with the upload's id.
 */
export async function uploadFile(
  authorization: string,
  name: string,
  bytes: Uint8Array,
  { type = '', skipParts = [] as number[] } = {},
): Promise<{ id?: string; answer: CallResult<CompleteAnswer> | CallResult<StartAnswer> | CallResult }> {
  const started = await startUpload(authorization, { name, size: bytes.byteLength, type })
  const upload = started.body.upload
  if (!upload) return { answer: started }
  for (let n = 1; n <= upload.parts; n++) {
    if (skipParts.includes(n)) continue
    const part = await putPart(authorization, upload.id, n, bytes.subarray((n - 1) * upload.partSize, n * upload.partSize))
    if (part.status !== 200) return { id: upload.id, answer: part }
  }
  return { id: upload.id, answer: await completeUpload(authorization, upload.id) }
}
