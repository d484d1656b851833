import { ConflictError, InvalidError, NotFoundError } from '#domain/errors.ts'
import { createHash, type Hash } from 'node:crypto'
import * as z from 'zod/mini'
import {
  isImageType,
  MEDIA_MAX_PARTS,
  MEDIA_MESSAGES,
  MEDIA_PART_BYTES,
  MEDIA_STALE_UPLOAD_MS,
  MediaFileSchema,
  readableImage,
  sniffMedia,
  type MediaFile,
  type MediaStartSchema,
} from '#domain/media.ts'
import { isId } from '#domain/fields.ts'
import { openStore, StorageUnavailableError } from '#lib/storage/blobs.ts'
import { newId } from '#lib/storage/ids.ts'
import { keys } from '#lib/storage/keys.ts'

/**
 * The media library in the `media` store: each file's record under `file/<id>`, its bytes in
 * parts of MEDIA_PART_BYTES under `part/<id>/<001…>`. A file is uploaded one part per request
 * (a request is smaller than a file may be), then completed: the parts are read back in order,
 * counted and hashed, and the first bytes decide what the file is. Until then it is `uploading`
 * and never served; uploads left unfinished are forgotten after a day.
 *
 * The bytes served are the bytes checked. A part is written once (create-only): a second write
 * with other bytes is refused, so nothing can swap a part while, or after, `complete` reads it.
 * `complete` records each part's SHA-256 as it read it, and a part is served only once its bytes
 * hash to that again; the record becomes `ready` by compare-and-swap on the version `complete`
 * started from, so a delete (or another completion) in between is never overwritten.
 */
const store = () => openStore('media')

type StartFields = z.output<typeof MediaStartSchema>

/** The first bytes kept while completing: enough for any header that holds an image's size. */
const HEADER_BYTES = 512 * 1024

function parse(text: string): MediaFile {
  const result = z.safeParse(MediaFileSchema, JSON.parse(text))
  if (!result.success) throw new StorageUnavailableError('Stored media file is invalid', { cause: result.error })
  return result.data
}

/** The length of part `part` (1-based) of a file of `size` bytes. */
export function partLength(file: Pick<MediaFile, 'size' | 'partSize' | 'parts'>, part: number): number {
  return part < file.parts ? file.partSize : file.size - file.partSize * (file.parts - 1)
}

async function readAll(stream: ReadableStream<Uint8Array>, onChunk: (chunk: Uint8Array) => void): Promise<void> {
  const reader = stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    onChunk(value)
  }
}

/**
 * The SHA-256 each part must have to be served: what `complete` recorded. A one-part file
 * completed before part hashes were kept has its whole-file hash; a longer one has none, and is
 * checked whole instead (openStream).
 */
function checkedPartHashes(file: MediaFile): string[] | undefined {
  if (file.partSha256) {
    if (file.partSha256.length !== file.parts)
      throw new StorageUnavailableError(`media file ${file.id} records ${file.partSha256.length} part hashes for ${file.parts} parts`)
    return file.partSha256
  }
  return file.parts === 1 && file.sha256 ? [file.sha256] : undefined
}

/** A stored part that is not what `complete` read: never served (the cause is what gets logged). */
function notChecked(file: MediaFile, part: number, found: string, checked: string | undefined) {
  const detail = `part ${part} of media file ${file.id} is not the bytes its upload checked (SHA-256 ${found}, checked ${checked ?? 'none'})`
  return new StorageUnavailableError(detail, { cause: new Error(detail) })
}

/** One part whole (at most MEDIA_PART_BYTES in memory), hashed as it arrives; `also` hashes it too. */
async function readPart(file: MediaFile, part: number, also?: Hash): Promise<{ chunks: Uint8Array[]; sha256: string }> {
  const stream = await store().getStream(keys.mediaPart(file.id, part))
  if (!stream) throw new StorageUnavailableError(`part ${part} of media file ${file.id} is missing`)
  const hash = createHash('sha256')
  const chunks: Uint8Array[] = []
  await readAll(stream, (chunk) => {
    hash.update(chunk)
    also?.update(chunk)
    chunks.push(chunk)
  })
  return { chunks, sha256: hash.digest('hex') }
}

export const media = {
  async start(fields: StartFields, uploadedBy: string): Promise<MediaFile> {
    const file: MediaFile = {
      id: newId(),
      name: fields.name,
      size: fields.size,
      partSize: MEDIA_PART_BYTES,
      parts: Math.max(1, Math.ceil(fields.size / MEDIA_PART_BYTES)),
      uploadedBy,
      createdAt: new Date().toISOString(),
      status: 'uploading',
    }
    if (file.parts > MEDIA_MAX_PARTS) throw new InvalidError(MEDIA_MESSAGES.tooLarge)
    if (!(await store().setIfNew(keys.mediaFile(file.id), JSON.stringify(file))))
      throw new StorageUnavailableError('a fresh media id already existed')
    return file
  },

  async get(id: string): Promise<MediaFile | null> {
    const text = await store().get(keys.mediaFile(id))
    return text === null ? null : parse(text)
  },

  /**
   * Stores one part of an upload in progress, once: the same bytes sent again (a retry whose
   * answer was lost) succeed without writing; other bytes are refused (409), whatever the timing,
   * because the write itself is create-only. Checking the status first is only for a clear answer.
   */
  async putPart(id: string, part: number, bytes: Uint8Array): Promise<void> {
    const file = await this.get(id)
    if (!file) throw new NotFoundError(MEDIA_MESSAGES.uploadNotFound)
    if (file.status !== 'uploading') throw new ConflictError(MEDIA_MESSAGES.alreadyComplete)
    if (!Number.isInteger(part) || part < 1 || part > file.parts) throw new InvalidError(MEDIA_MESSAGES.partUnknown)
    if (bytes.byteLength !== partLength(file, part)) throw new InvalidError(MEDIA_MESSAGES.partSize)
    if (await store().setBytesIfNew(keys.mediaPart(id, part), bytes)) return
    // The part holds other bytes: say why as well as we can.
    const now = await this.get(id)
    if (!now) throw new NotFoundError(MEDIA_MESSAGES.uploadNotFound)
    if (now.status !== 'uploading') throw new ConflictError(MEDIA_MESSAGES.alreadyComplete)
    throw new ConflictError(MEDIA_MESSAGES.partConflict)
  },

  /**
   * Checks every part and the whole size, recognises the file from its first bytes and marks it
   * ready with the hash of each part it read (the parts cannot change after, see putPart; the
   * hashes make sure of it when served). A file refused for what it is, is deleted at once:
   * nothing that is not a PDF or an image stays stored. Completing a ready file again answers it
   * as it is (`completed` false).
   */
  async complete(id: string): Promise<{ file: MediaFile; completed: boolean }> {
    const entry = await store().getEntry(keys.mediaFile(id))
    if (!entry) throw new NotFoundError(MEDIA_MESSAGES.uploadNotFound)
    const file = parse(entry.text)
    if (file.status === 'ready') return { file, completed: false }

    const stored = new Set(await store().keys(keys.mediaParts(id)))
    for (let part = 1; part <= file.parts; part++)
      if (!stored.has(keys.mediaPart(id, part))) throw new InvalidError(MEDIA_MESSAGES.partMissing(part, file.parts))

    const hash = createHash('sha256')
    const partSha256: string[] = []
    const header: Uint8Array[] = []
    let headerLength = 0
    let total = 0
    for (let part = 1; part <= file.parts; part++) {
      const stream = await store().getStream(keys.mediaPart(id, part))
      if (!stream) throw new InvalidError(MEDIA_MESSAGES.partMissing(part, file.parts))
      const partHash = createHash('sha256')
      let length = 0
      await readAll(stream, (chunk) => {
        hash.update(chunk)
        partHash.update(chunk)
        length += chunk.byteLength
        if (headerLength < HEADER_BYTES) {
          header.push(chunk)
          headerLength += chunk.byteLength
        }
      })
      if (length !== partLength(file, part)) throw new InvalidError(MEDIA_MESSAGES.sizeMismatch)
      partSha256.push(partHash.digest('hex'))
      total += length
    }
    if (total !== file.size) throw new InvalidError(MEDIA_MESSAGES.sizeMismatch)

    const first = Buffer.concat(header)
    const sniffed = sniffMedia(first)
    if ('refused' in sniffed) {
      await this.remove(id)
      throw new InvalidError(sniffed.refused)
    }
    const dimensions = isImageType(sniffed.type) ? readableImage(first, sniffed.type, file.size) : undefined
    if (isImageType(sniffed.type) && !dimensions) {
      await this.remove(id)
      throw new InvalidError(MEDIA_MESSAGES.unreadableImage)
    }
    const ready: MediaFile = { ...file, status: 'ready', contentType: sniffed.type, sha256: hash.digest('hex'), partSha256, ...dimensions }
    // Only over the version read before the parts: a file deleted meanwhile stays deleted.
    if (await store().setIfMatch(keys.mediaFile(id), JSON.stringify(ready), entry.etag)) return { file: ready, completed: true }
    // Completed by another request meanwhile (the same parts, which cannot change), or deleted.
    const now = await this.get(id)
    if (now?.status === 'ready') return { file: now, completed: false }
    throw new NotFoundError(MEDIA_MESSAGES.uploadNotFound)
  },

  /** Every ready file, newest first. */
  async list(): Promise<MediaFile[]> {
    const fileKeys = await store().keys(keys.mediaFiles())
    const texts = await Promise.all(fileKeys.map((key) => store().get(key)))
    return texts
      .filter((text): text is string => text !== null)
      .map(parse)
      .filter((file) => file.status === 'ready')
      .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))
  },

  /**
   * A file of one part (every picture, small PDFs), whole: at most one part's size in memory, and
   * answered in one piece, which is sturdier than a stream through the local CLI's proxy. Only
   * the bytes `complete` checked: anything else is a fault of the store, answered 503.
   */
  async readSmall(file: MediaFile): Promise<Uint8Array<ArrayBuffer>> {
    if (file.parts !== 1) throw new Error(`media file ${file.id} has ${file.parts} parts`)
    const bytes = await store().getBytes(keys.mediaPart(file.id, 1))
    if (!bytes) throw new StorageUnavailableError(`part 1 of media file ${file.id} is missing`)
    const found = createHash('sha256').update(bytes).digest('hex')
    const checked = checkedPartHashes(file)?.[0]
    if (found !== checked) throw notChecked(file, 1, found, checked)
    return bytes
  },

  /**
   * The file's bytes, part after part: each part is read whole and let out only once it hashes
   * to what `complete` recorded, so at most one part is in memory and no byte that was not
   * checked is ever sent. The first part is read before the answer starts (a fault there is a
   * clean 503); a later one that fails ends the stream short of its Content-Length, which no
   * browser or cache takes for the file. A file completed before part hashes were kept is
   * checked whole, its last part held back until the whole hash matches.
   */
  async openStream(file: MediaFile): Promise<ReadableStream<Uint8Array>> {
    const checked = checkedPartHashes(file)
    const whole = checked ? undefined : createHash('sha256')
    const read = async (part: number) => {
      const { chunks, sha256 } = await readPart(file, part, whole)
      if (checked && sha256 !== checked[part - 1]) throw notChecked(file, part, sha256, checked[part - 1])
      if (whole && part === file.parts) {
        const found = whole.digest('hex')
        if (found !== file.sha256) throw notChecked(file, part, `${found} for the whole file`, file.sha256)
      }
      return chunks
    }
    let part = 1
    let pending: Uint8Array[] | undefined = await read(part)
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (!pending) {
            part++
            if (part > file.parts) return controller.close()
            pending = await read(part)
          }
          for (const chunk of pending) controller.enqueue(chunk)
          pending = undefined
        } catch (error) {
          // The answer has started: all that is left is to end it short, and to say why.
          console.error('media file stream stopped:', error)
          controller.error(error)
        }
      },
    })
  },

  /** Deletes the record first (the file stops being served), then its parts. */
  async remove(id: string): Promise<void> {
    await store().delete(keys.mediaFile(id))
    for (const key of await store().keys(keys.mediaParts(id))) await store().delete(key)
  },

  /** Forgets uploads never completed within a day, and parts whose record is gone; run on a schedule. */
  async pruneStale(now = Date.now()): Promise<number> {
    let pruned = 0
    const live = new Set<string>()
    for (const key of await store().keys(keys.mediaFiles())) {
      const text = await store().get(key)
      const file = text === null ? null : parse(text)
      if (!file) continue
      if (file.status === 'uploading' && now - Date.parse(file.createdAt) > MEDIA_STALE_UPLOAD_MS) {
        await this.remove(file.id)
        pruned++
      } else live.add(file.id)
    }
    const orphans = new Set<string>()
    for (const key of await store().keys(keys.allMediaParts())) {
      const id = key.split('/')[1] ?? ''
      if (isId(id) && !live.has(id)) orphans.add(id)
    }
    for (const id of orphans) {
      // Started since the list above: not an orphan.
      if (await this.get(id)) continue
      await this.remove(id)
      pruned++
    }
    return pruned
  },
}
