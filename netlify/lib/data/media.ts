import { createHash } from 'node:crypto'
import * as z from 'zod/mini'
import {
  imageDimensions,
  isImageType,
  MEDIA_MAX_PARTS,
  MEDIA_MESSAGES,
  MEDIA_PART_BYTES,
  MEDIA_STALE_UPLOAD_MS,
  MediaFileSchema,
  sniffMedia,
  type MediaFile,
  type MediaStartSchema,
} from '../../../domain/media'
import { isId } from '../../../domain/fields'
import { openStore, StorageUnavailableError } from '../blobs'
import { HttpError } from '../http-error'
import { newId } from '../ids'
import { keys } from '../keys'

/**
 * The media library in the `media` store: each file's record under `file/<id>`, its bytes in
 * parts of MEDIA_PART_BYTES under `part/<id>/<001…>`. A file is uploaded one part per request
 * (a request is smaller than a file may be), then completed: the parts are read back in order,
 * counted and hashed, and the first bytes decide what the file is. Until then it is `uploading`
 * and never served; uploads left unfinished are forgotten after a day.
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
    if (file.parts > MEDIA_MAX_PARTS) throw new HttpError(400, MEDIA_MESSAGES.tooLarge)
    if (!(await store().setIfNew(keys.mediaFile(file.id), JSON.stringify(file)))) throw new StorageUnavailableError('a fresh media id already existed')
    return file
  },

  async get(id: string): Promise<MediaFile | null> {
    const text = await store().get(keys.mediaFile(id))
    return text === null ? null : parse(text)
  },

  /** Stores one part of an upload in progress; a part sent again replaces itself. */
  async putPart(id: string, part: number, bytes: Uint8Array): Promise<void> {
    const file = await this.get(id)
    if (!file) throw new HttpError(404, MEDIA_MESSAGES.uploadNotFound)
    if (file.status !== 'uploading') throw new HttpError(409, MEDIA_MESSAGES.alreadyComplete)
    if (!Number.isInteger(part) || part < 1 || part > file.parts) throw new HttpError(400, MEDIA_MESSAGES.partUnknown)
    if (bytes.byteLength !== partLength(file, part)) throw new HttpError(400, MEDIA_MESSAGES.partSize)
    await store().setBytes(keys.mediaPart(id, part), bytes)
  },

  /**
   * Checks every part and the whole size, recognises the file from its first bytes and marks it
   * ready. A file refused for what it is, is deleted at once: nothing that is not a PDF or an
   * image stays stored. Completing a ready file again answers it as it is (`completed` false).
   */
  async complete(id: string): Promise<{ file: MediaFile; completed: boolean }> {
    const entry = await store().getEntry(keys.mediaFile(id))
    if (!entry) throw new HttpError(404, MEDIA_MESSAGES.uploadNotFound)
    const file = parse(entry.text)
    if (file.status === 'ready') return { file, completed: false }

    const stored = new Set(await store().keys(keys.mediaParts(id)))
    for (let part = 1; part <= file.parts; part++)
      if (!stored.has(keys.mediaPart(id, part))) throw new HttpError(400, MEDIA_MESSAGES.partMissing(part, file.parts))

    const hash = createHash('sha256')
    const header: Uint8Array[] = []
    let headerLength = 0
    let total = 0
    for (let part = 1; part <= file.parts; part++) {
      const stream = await store().getStream(keys.mediaPart(id, part))
      if (!stream) throw new HttpError(400, MEDIA_MESSAGES.partMissing(part, file.parts))
      let length = 0
      await readAll(stream, (chunk) => {
        hash.update(chunk)
        length += chunk.byteLength
        if (headerLength < HEADER_BYTES) {
          header.push(chunk)
          headerLength += chunk.byteLength
        }
      })
      if (length !== partLength(file, part)) throw new HttpError(400, MEDIA_MESSAGES.sizeMismatch)
      total += length
    }
    if (total !== file.size) throw new HttpError(400, MEDIA_MESSAGES.sizeMismatch)

    const first = Buffer.concat(header)
    const sniffed = sniffMedia(first)
    if ('refused' in sniffed) {
      await this.remove(id)
      throw new HttpError(400, sniffed.refused)
    }
    const dimensions = isImageType(sniffed.type) ? imageDimensions(first, sniffed.type) : undefined
    const ready: MediaFile = { ...file, status: 'ready', contentType: sniffed.type, sha256: hash.digest('hex'), ...dimensions }
    if (await store().setIfMatch(keys.mediaFile(id), JSON.stringify(ready), entry.etag)) return { file: ready, completed: true }
    // Completed by another request meanwhile (the same file, the same bytes), or deleted.
    const now = await this.get(id)
    if (now?.status === 'ready') return { file: now, completed: false }
    throw new HttpError(404, MEDIA_MESSAGES.uploadNotFound)
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
   * answered in one piece, which is sturdier than a stream through the local CLI's proxy.
   */
  async readSmall(file: MediaFile): Promise<Uint8Array<ArrayBuffer>> {
    if (file.parts !== 1) throw new Error(`media file ${file.id} has ${file.parts} parts`)
    const bytes = await store().getBytes(keys.mediaPart(file.id, 1))
    if (!bytes) throw new StorageUnavailableError(`part 1 of media file ${file.id} is missing`)
    return bytes
  },

  /** The file's bytes, part after part, read as the stream is read: never the whole file in memory. */
  openStream(file: MediaFile): ReadableStream<Uint8Array> {
    let part = 0
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        for (;;) {
          if (!reader) {
            part++
            if (part > file.parts) return controller.close()
            const stream = await store().getStream(keys.mediaPart(file.id, part))
            if (!stream) return controller.error(new StorageUnavailableError(`part ${part} of media file ${file.id} is missing`))
            reader = stream.getReader()
          }
          const { done, value } = await reader.read()
          if (!done) return controller.enqueue(value)
          reader = undefined
        }
      },
      async cancel(reason) {
        await reader?.cancel(reason)
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
