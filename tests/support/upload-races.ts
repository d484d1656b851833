import { randomBytes } from 'node:crypto'
import { MEDIA_PART_BYTES, sniffMedia, type MediaListItem } from '#domain/media.ts'
import * as mediaFile from '#functions/media-file.ts'
import { media } from '#lib/data/media.ts'
import { fakeContext, TEST_ORIGIN, type CallResult } from './call'
import { completeUpload, pngBytes, putPart, sha256, startUpload, type CompleteAnswer } from './media'

/**
 * An upload raced against itself, as an editor (or a script with an editor's token) could: the
 * part that decides what the file is, sent once as a PNG and again as an SVG with a script while
 * the upload completes. Whatever the order, the file must end refused or served as the bytes that
 * were checked: the served bytes' SHA-256 is the recorded one and the ETag, and their first bytes
 * are the type they are served as. Shared by the function test, the stress suite and the attack
 * class "upload races".
 */

/** A PNG of exactly `size` bytes (signature and header, then noise). */
export function pngOfSize(size: number): Uint8Array {
  const head = pngBytes(640, 480)
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]).subarray(0, size)
}

/** An SVG that runs a script, padded with a comment to exactly `size` bytes. */
export function scriptedSvgOfSize(size: number): Uint8Array {
  const open = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script><!--', 'latin1')
  const close = Buffer.from('--></svg>', 'latin1')
  return Buffer.concat([open, Buffer.alloc(Math.max(0, size - open.length - close.length), 0x20), close]).subarray(0, size)
}

export const RACE_KINDS = [
  /** The part is stored, then a rewrite races two completes. */
  'a rewrite against two completes',
  /** The part is stored, then a rewrite races one complete. */
  'a rewrite against a complete',
  /** Two first writes of the part with different bytes race a complete. */
  'two first writes against a complete',
] as const
export type RaceKind = (typeof RACE_KINDS)[number]

export type RaceRound = {
  kind: RaceKind
  /** The file's size: one part up to MEDIA_PART_BYTES, more above (then it is streamed). */
  size: number
  /** The part raced (1 holds the first bytes, which decide the type). */
  part: number
  /** How long each racing call waits before it starts, in ms (varies the interleaving). */
  delays: readonly number[]
}

export type RaceResult = {
  calls: number
  /** Answers with status >= 500. */
  errors5xx: number
  slowestMs: number
  /** Ways the served file differs from what was checked (empty when it was served as checked, or not at all). */
  swapped: string[]
  /** Other broken promises: two different writes of one part both answered as stored, a completed file not served. */
  problems: string[]
  /** What ended up served: the PNG's bytes, the rewrite's, none (refused), or something else. */
  outcome: 'png' | 'rewrite' | 'refused' | 'other'
}

/** A small deterministic generator (mulberry32), so a seed replays the same delays. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The rounds of a run: every kind in turn, with delays of up to `maxDelayMs` drawn from `seed`. */
export function raceRounds(
  count: number,
  { size, part = 1, seed, maxDelayMs = 12 }: { size: number; part?: number; seed: number; maxDelayMs?: number },
): RaceRound[] {
  const random = seededRandom(seed)
  return Array.from({ length: count }, (_, i) => ({
    kind: RACE_KINDS[i % RACE_KINDS.length]!,
    size,
    part,
    delays: [0, 1, 2].map(() => Math.floor(random() * (maxDelayMs + 1))),
  }))
}

/**
 * GET /media/{id}/{name} as a browser (or the CDN) asks for it, the body read whole. A file answers
 * only at its own name, so a first ask under any name follows the redirect there, as a browser does.
 */
export async function fetchServed(id: string, name = 'file'): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const request = new Request(new URL(`/media/${encodeURIComponent(id)}/${encodeURIComponent(name)}`, TEST_ORIGIN))
  const response = await mediaFile.default(request, fakeContext({ params: { id, name } }))
  const location = response.headers.get('location')
  if (response.status === 308 && location && name === 'file') {
    const own = decodeURIComponent(new URL(location, TEST_ORIGIN).pathname.split('/').pop() ?? '')
    return fetchServed(id, own)
  }
  try {
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
  } catch {
    // A stream that failed part-way: nothing whole was served.
    return { status: 502, headers: response.headers, bytes: new Uint8Array() }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const equal = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b)

/** Runs one round through the functions and judges what was served. */
export async function raceUpload(authorization: string, round: RaceRound): Promise<RaceResult> {
  const durations: number[] = []
  const statuses: number[] = []
  const timed = async <T extends { status: number }>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    const answer = await work()
    durations.push(performance.now() - started)
    statuses.push(answer.status)
    return answer
  }

  const png = pngOfSize(round.size)
  const parts = Math.max(1, Math.ceil(round.size / MEDIA_PART_BYTES))
  const slice = (bytes: Uint8Array, n: number) => bytes.subarray((n - 1) * MEDIA_PART_BYTES, n * MEDIA_PART_BYTES)
  const firstPart = slice(png, round.part)
  // The rewrite differs in the raced part only: a script where the first bytes are, noise elsewhere.
  const otherPart = round.part === 1 ? scriptedSvgOfSize(firstPart.byteLength) : randomBytes(firstPart.byteLength)
  const rewrite = Buffer.concat([
    png.subarray(0, (round.part - 1) * MEDIA_PART_BYTES),
    otherPart,
    png.subarray(round.part * MEDIA_PART_BYTES),
  ])

  const started = await timed(() => startUpload(authorization, { name: 'race.png', size: round.size, type: 'image/png' }))
  const id = started.body.upload?.id
  if (!id) return judge([], [], { status: 0, headers: new Headers(), bytes: new Uint8Array() }, [])
  for (let n = 1; n <= parts; n++) if (n !== round.part) await timed(() => putPart(authorization, id, n, slice(png, n)))

  const later = <T extends { status: number }>(ms: number | undefined, work: () => Promise<T>) => sleep(ms ?? 0).then(() => timed(work))
  const writeFirst = () => putPart(authorization, id, round.part, firstPart)
  const writeOther = () => putPart(authorization, id, round.part, otherPart)
  const complete = () => completeUpload(authorization, id)
  const [d0, d1, d2] = round.delays
  const writes: { bytes: Uint8Array; answer: Promise<CallResult> }[] = []
  const completes: Promise<CallResult<CompleteAnswer>>[] = []
  if (round.kind === 'two first writes against a complete') {
    writes.push({ bytes: png, answer: later(d0, writeFirst) }, { bytes: rewrite, answer: later(d1, writeOther) })
    completes.push(later(d2, complete))
  } else {
    writes.push({ bytes: png, answer: Promise.resolve(await timed(writeFirst)) })
    completes.push(later(d0, complete))
    writes.push({ bytes: rewrite, answer: later(d1, writeOther) })
    if (round.kind === 'a rewrite against two completes') completes.push(later(d2, complete))
  }
  const written = await Promise.all(writes.map(async ({ bytes, answer }) => ({ bytes, status: (await answer).status })))
  const completed = await Promise.all(completes)
  // Once the race is over the upload is completed once more, as the admin screen would retry.
  completed.push(await timed(complete))

  const served = await timed(() => fetchServed(id))
  const result = judge(written, completed, served, [png, rewrite])
  await media.remove(id)
  return result

  function judge(
    writtenParts: { bytes: Uint8Array; status: number }[],
    completeAnswers: CallResult<CompleteAnswer>[],
    file: { status: number; headers: Headers; bytes: Uint8Array },
    [first, other]: Uint8Array[],
  ): RaceResult {
    const swapped: string[] = []
    const problems: string[] = []
    const ready = completeAnswers.map((answer) => answer.body.file).filter((f): f is MediaListItem => f?.status === 'ready')
    let outcome: RaceResult['outcome'] = 'refused'
    if (file.status === 200) {
      const hash = sha256(file.bytes)
      const type = file.headers.get('content-type')
      const sniffed = sniffMedia(file.bytes)
      outcome = first && equal(file.bytes, first) ? 'png' : other && equal(file.bytes, other) ? 'rewrite' : 'other'
      if (file.headers.get('etag') !== `"${hash}"`)
        swapped.push(`served bytes hash to ${hash.slice(0, 12)}, the ETag says ${file.headers.get('etag')}`)
      for (const checked of ready)
        if (checked.sha256 !== hash)
          swapped.push(`complete checked ${checked.sha256?.slice(0, 12)} (${checked.contentType}), ${hash.slice(0, 12)} is served`)
      if ('refused' in sniffed) swapped.push(`served as ${type}, but the served bytes are refused: ${sniffed.refused}`)
      else if (sniffed.type !== type) swapped.push(`served as ${type}, but the served bytes are ${sniffed.type}`)
      if (outcome === 'other') swapped.push('the served bytes are neither upload: a mix')
      const servedWrite = outcome === 'png' ? first : other
      for (const write of writtenParts)
        if (write.status === 200 && write.bytes !== servedWrite)
          problems.push(`a part write of other bytes answered ${write.status}, yet the ${outcome} bytes are served`)
    } else if (file.status === 404) {
      if (ready.length > 0) problems.push('completed as ready, but not served (404)')
    }
    const errors5xx = [...statuses, file.status].filter((status) => status >= 500).length
    return { calls: statuses.length, errors5xx, slowestMs: Math.max(0, ...durations), swapped, problems, outcome }
  }
}
