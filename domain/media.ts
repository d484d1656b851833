import * as z from 'zod/mini'
import { IdSchema, isId, isOneLine } from './fields'

/**
 * The media library: PDFs and images the coach uploads from the admin, kept in Netlify Blobs and
 * served at /media/{id}/{name}. The limits, the accepted kinds of file, how a file is recognised
 * from its first bytes (never from its name or the type the browser claims), the records and the
 * messages, shared by the admin screen and the functions.
 */

/**
 * One function request carries at most 6 MB, and a binary body is sent base64-encoded (a third
 * larger), so Netlify puts the real limit for uploaded bytes near 4.5 MB. Parts of 4 MiB (5.6 MB
 * once encoded) stay under both.
 */
export const MEDIA_PART_BYTES = 4 * 1024 * 1024

/**
 * A file is served by one function answer streamed from its parts, and Netlify streams at most
 * 20 MB per answer. Netlify runs functions on AWS Lambda, whose megabytes are binary (the 6 MB
 * buffered limit is enforced at 6,291,456 bytes): 20 MiB, less 64 KiB for the status line and
 * headers that travel in the same stream. That is 20.9 MB as a computer shows file sizes in
 * decimal units, enough for a typical ebook (README, Media files).
 */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024 - 64 * 1024
export const MEDIA_MAX_PARTS = Math.ceil(MEDIA_MAX_BYTES / MEDIA_PART_BYTES)
export const MEDIA_NAME_MAX = 200
/** Uploads never finished are forgotten after this long (the maintenance job). */
export const MEDIA_STALE_UPLOAD_MS = 24 * 60 * 60_000

/** The kinds of file accepted, with what the admin shows for each. */
export const MEDIA_TYPE_LABELS = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'image/gif': 'GIF image',
} as const
export type MediaContentType = keyof typeof MEDIA_TYPE_LABELS
export const MEDIA_CONTENT_TYPES = Object.keys(MEDIA_TYPE_LABELS) as [MediaContentType, ...MediaContentType[]]

/** What the file input offers (a hint only: the first bytes decide). */
export const MEDIA_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.gif,application/pdf,image/jpeg,image/png,image/webp,image/gif'

/** What a picture field's file input offers: images only. */
export const MEDIA_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,.gif,image/jpeg,image/png,image/webp,image/gif'

export function isImageType(type: string | undefined): boolean {
  return type !== undefined && type.startsWith('image/') && type in MEDIA_TYPE_LABELS
}

/** File sizes as a computer shows them: decimal units, one decimal place. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`
  return `${bytes} bytes`
}

export const MEDIA_MESSAGES = {
  loadFailed: 'Failed to load media',
  empty: 'No files yet. Upload a PDF or an image to use it on the site.',
  notFound: 'File not found',
  uploadNotFound: 'This upload was not found. Please upload the file again.',
  uploaded: 'File uploaded',
  uploadFailed: 'Failed to upload the file',
  deleted: 'File deleted',
  deleteFailed: 'Failed to delete the file',
  nameRequired: 'File name is required',
  nameInvalid: `File name must be at most ${MEDIA_NAME_MAX} characters, without control characters`,
  emptyFile: 'That file is empty.',
  tooLarge: `That file is too large. Files can be at most ${formatBytes(MEDIA_MAX_BYTES)}.`,
  wrongType: 'Only PDF files and JPEG, PNG, WebP or GIF images can be uploaded.',
  program: 'That file is a program, not a PDF or an image, so it cannot be uploaded.',
  scriptable: 'SVG drawings and web pages can carry scripts, so they cannot be uploaded. Save it as a PNG or JPEG and try again.',
  notImage: 'Choose an image (JPEG, PNG, WebP or GIF) for this field.',
  unreadableImage: 'That image could not be read. Please save it again as a JPEG or PNG and try again.',
  partUnknown: 'That part is not part of this upload.',
  partSize: 'That part is not the size this upload expects.',
  partMissing: (part: number, parts: number) => `Part ${part} of ${parts} never arrived. Please upload the file again.`,
  sizeMismatch: 'The file that arrived is not the size that was announced. Please upload it again.',
  alreadyComplete: 'This upload is already complete.',
  partConflict: 'That part has already arrived with other bytes. Please upload the file again.',
  inUse: (places: string) => `This file is used in ${places}. Deleting it breaks those links.`,
  copied: 'Link copied',
  copyFailed: 'Could not copy the link. Select it and copy it by hand.',
} as const

// ---------------------------------------------------------------------------------------------
// Recognising a file from its first bytes

/** How many first bytes the browser reads for its quick check (the server reads the whole first part). */
export const MEDIA_SNIFF_BYTES = 64

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte)
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/**
 * What the first bytes say the file is: an accepted type, or the refusal to show. Names and the
 * type the browser claims are never trusted: a program renamed .pdf is still a program, and an
 * SVG or a web page could run a script if a browser were ever led to open it from this site.
 */
export function sniffMedia(bytes: Uint8Array): { type: MediaContentType } | { refused: string } {
  if (startsWith(bytes, ascii('%PDF-'))) return { type: 'application/pdf' }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg' }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { type: 'image/png' }
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { type: 'image/gif' }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { type: 'image/webp' }
  // Windows (MZ), Linux (ELF), macOS (Mach-O, either byte order, and universal) programs.
  const programs = [ascii('MZ'), [0x7f, 0x45, 0x4c, 0x46], [0xcf, 0xfa, 0xed, 0xfe], [0xfe, 0xed, 0xfa, 0xcf], [0xca, 0xfe, 0xba, 0xbe]]
  if (programs.some((signature) => startsWith(bytes, signature))) return { refused: MEDIA_MESSAGES.program }
  if (looksLikeMarkup(bytes)) return { refused: MEDIA_MESSAGES.scriptable }
  return { refused: MEDIA_MESSAGES.wrongType }
}

/** Text that opens with a tag (after a byte-order mark and white space): SVG, HTML, XML. */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0
  while (i < bytes.length && i < 1024 && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(bytes[i]!)) i++
  return bytes[i] === 0x3c
}

/**
 * An image's width and height from its header bytes (the first part holds them), or undefined
 * when they cannot be found there. PNG and GIF keep them at fixed places, WebP in its first
 * chunk, JPEG in its frame header after any metadata blocks.
 */
export function imageDimensions(bytes: Uint8Array, type: MediaContentType): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const has = (length: number) => bytes.length >= length
  const sized = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined)
  if (type === 'image/png') return has(24) ? sized(view.getUint32(16), view.getUint32(20)) : undefined
  if (type === 'image/gif') return has(10) ? sized(view.getUint16(6, true), view.getUint16(8, true)) : undefined
  if (type === 'image/webp') {
    if (!has(30)) return undefined
    const chunk = String.fromCharCode(...bytes.subarray(12, 16))
    if (chunk === 'VP8 ') return sized(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff)
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true)
      return sized((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1)
    }
    if (chunk === 'VP8X') return sized((view.getUint32(24, true) & 0xffffff) + 1, (view.getUint32(27, true) & 0xffffff) + 1)
    return undefined
  }
  if (type === 'image/jpeg') {
    let at = 2
    while (has(at + 9)) {
      if (bytes[at] !== 0xff) return undefined
      const marker = bytes[at + 1]!
      // Fill bytes, and markers that stand alone without a length.
      if (marker === 0xff) {
        at++
        continue
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2
        continue
      }
      const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)
      if (isFrame) return sized(view.getUint16(at + 7), view.getUint16(at + 5))
      at += 2 + view.getUint16(at + 2)
    }
  }
  return undefined
}

/** Larger than any camera's photo: what reads as more pixels is not an image. */
const MAX_PIXELS = 250_000_000

/**
 * An image's dimensions when its first bytes are the header of a real one of `size` bytes, else
 * undefined: a few signature bytes followed by anything else (`GIF89a<script>…`) are not an image,
 * and the pages would size its box from the made-up numbers that follow them.
 */
export function readableImage(bytes: Uint8Array, type: MediaContentType, size: number): { width: number; height: number } | undefined {
  const dimensions = imageDimensions(bytes, type)
  if (!dimensions || dimensions.width * dimensions.height > MAX_PIXELS) return undefined
  // A PNG's first chunk is its header, named so; a WebP's container says how long the file is.
  if (type === 'image/png' && !startsWith(bytes, ascii('IHDR'), 12)) return undefined
  if (type === 'image/webp') {
    const declared = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true) + 8
    if (declared !== size && declared + 1 !== size) return undefined
  }
  return dimensions
}

// ---------------------------------------------------------------------------------------------
// Records

/**
 * One line (it ends up in a header), and no format characters either: a right-to-left override
 * could make `report‮fdp.exe` read as a PDF.
 */
const NO_FORMAT_CHARACTERS = /^\P{Cf}+$/u

/** What the admin sends to start an upload. The declared type is only the browser's guess. */
export const MediaStartSchema = z.object({
  name: z
    .string({ error: MEDIA_MESSAGES.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: MEDIA_MESSAGES.nameRequired }),
      z.maxLength(MEDIA_NAME_MAX, { error: MEDIA_MESSAGES.nameInvalid }),
      z.refine(isOneLine, { error: MEDIA_MESSAGES.nameInvalid }),
      z.regex(NO_FORMAT_CHARACTERS, { error: MEDIA_MESSAGES.nameInvalid }),
    ),
  // Too large is said first: a size past the limit (2^53 too) is not an empty file.
  size: z
    .number({ error: MEDIA_MESSAGES.emptyFile })
    .check(
      z.maximum(MEDIA_MAX_BYTES, { error: MEDIA_MESSAGES.tooLarge }),
      z.int({ error: MEDIA_MESSAGES.emptyFile }),
      z.minimum(1, { error: MEDIA_MESSAGES.emptyFile }),
    ),
  type: z.optional(z.string({ error: MEDIA_MESSAGES.wrongType }).check(z.maxLength(100, { error: MEDIA_MESSAGES.wrongType }))),
})
export type MediaStartInput = z.input<typeof MediaStartSchema>

/** Types a browser gives files that can never be accepted: refused at the start, before any upload. */
export function refusedDeclaredType(type: string | undefined): string | undefined {
  if (!type) return undefined
  const lower = type.toLowerCase()
  if (lower.includes('svg') || lower.includes('html') || lower.includes('xml')) return MEDIA_MESSAGES.scriptable
  if (lower.includes('msdownload') || lower.includes('executable') || lower.includes('x-msdos')) return MEDIA_MESSAGES.program
  return undefined
}

export const MEDIA_STATUSES = ['uploading', 'ready'] as const

export const MediaFileSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** What the first bytes showed (set when the upload completes). */
  contentType: z.optional(z.enum(MEDIA_CONTENT_TYPES)),
  size: z.number(),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  partSize: z.number(),
  parts: z.number(),
  /** Hex SHA-256 of the whole file; the served ETag is made from it. */
  sha256: z.optional(z.string()),
  /**
   * Hex SHA-256 of each part as the upload's completion read it: a part is served only while its
   * bytes still hash to this (netlify/lib/data/media.ts). Files completed before it was kept have
   * none; a one-part file's is its `sha256`.
   */
  partSha256: z.optional(z.array(z.string())),
  uploadedBy: z.string(),
  createdAt: z.string(),
  status: z.enum(MEDIA_STATUSES),
})
export type MediaFile = z.infer<typeof MediaFileSchema>

/** Where a file is used: each place names the record and the field. */
export type MediaUse = { kind: 'resource' | 'post' | 'content'; id: string; label: string; field: string }

/** A ready file as the admin lists it: with its address and where it is used. */
export type MediaListItem = MediaFile & { url: string; usedIn: MediaUse[] }

/** What the start answers: the upload's id and how to cut the file. */
export type MediaUpload = { id: string; partSize: number; parts: number }

/** A file name as the last segment of its address: letters, digits, dots, dashes (cosmetic: the id finds the file). */
export function mediaUrlName(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .slice(0, 100)
  // Dots and dashes at either end go (no hidden files, no "-.pdf"); a loop, as a pattern anchored at the end would backtrack.
  let start = 0
  let end = plain.length
  while (start < end && '-.'.includes(plain[start]!)) start++
  while (end > start && '-.'.includes(plain[end - 1]!)) end--
  return plain.slice(start, end) || 'file'
}

export const MEDIA_PATH_PREFIX = '/media/'

/** A file's address on this site. */
export function mediaPath(file: Pick<MediaFile, 'id' | 'name'>): string {
  return `${MEDIA_PATH_PREFIX}${file.id}/${mediaUrlName(file.name)}`
}

/**
 * The library file an address points at, or undefined: `/media/{id}/…` on this site, as a path,
 * a full address, or inside an Image CDN address (`/.netlify/images?url=/media/…`).
 */
export function mediaIdOf(url: string): string | undefined {
  let path: string
  try {
    const parsed = new URL(url, 'https://site.invalid')
    path = parsed.pathname
    if (path === '/.netlify/images') path = parsed.searchParams.get('url') ?? ''
  } catch {
    return undefined
  }
  if (!path.startsWith(MEDIA_PATH_PREFIX)) return undefined
  const id = path.slice(MEDIA_PATH_PREFIX.length).split('/')[0]
  return isId(id) ? id : undefined
}

/** "the resource "Budget Workbook" (File) and the post "Giving First" (featured image)". */
export function describeUses(uses: readonly MediaUse[]): string {
  const nouns = { resource: 'the resource', post: 'the post', content: 'the text' } as const
  const parts = uses.map((use) => `${nouns[use.kind]} "${use.label}" (${use.field})`)
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

const EXTENSIONS: Record<MediaContentType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
}

/** The name a download is saved under: the uploaded name, ending in the extension of what the file really is. */
export function mediaDownloadName(name: string, type: MediaContentType): string {
  const extensions = EXTENSIONS[type]
  return extensions.some((extension) => name.toLowerCase().endsWith(extension)) ? name : `${name}${extensions[0]}`
}

export { IMAGE_WIDTHS, imageSrc, imageSrcSet } from './image-src'
