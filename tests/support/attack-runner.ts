import { readdirSync } from 'node:fs'
import { getStore } from '@netlify/blobs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { callerError } from '#lib/http/route.ts'
import { SCHEDULED_FUNCTIONS } from '#domain/route-map.ts'
import { CONTRACTS } from '#domain/api/index.ts'
import type { EndpointContract } from '#domain/api/contract.ts'
import { changedKeys, isFaithfulKey, type Access, type AccessKind, type Fingerprint, type RecordingBlobsServer } from './attack-blobs'
import { DEADLINE_MS, slowFinding, startTiming, tooSlow, type AttackClass, type AttackRow, type Timing } from './attack-scale'
import type { WorkerAnswer, WorkerData, WorkerEnv, WorkerRequest } from './attack-worker'

/**
 * Runs attack calls one at a time and judges each one: its status, its time, every Blobs request
 * it made (recorded by the server) against the keys it may touch, and what it left changed in the
 * stores. Function calls go to a worker thread (attack-worker.ts), which is terminated and
 * replaced when a call passes DEADLINE_MS; storage calls run in this process.
 */

const DOCUMENT_STORES = ['posts', 'content', 'resources', 'users']

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '')

/** The functions under attack: every one in netlify/functions but the scheduled and dev-only ones. */
export function attackedFunctions(): string[] {
  return readdirSync(`${ROOT}/netlify/functions`)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => file.replace(/\.ts$/, ''))
    .filter((name) => !(SCHEDULED_FUNCTIONS as readonly string[]).includes(name) && !name.startsWith('dev-'))
    .sort()
}

/** Every method the contracts declare for the attacked functions, as "METHOD function". */
export function attackedMethods(functions: readonly string[]): string[] {
  return (Object.values(CONTRACTS) as EndpointContract[])
    .filter((contract) => functions.includes(contract.endpoint.function))
    .flatMap((contract) => Object.keys(contract.methods).map((method) => `${method} ${contract.endpoint.function}`))
    .sort()
}

// ---------------------------------------------------------------------------------------------
// What a call may touch

/**
 * Keys a call may reach in one store. `key` is one key, `prefix` every key under it (both only
 * when they reach the server as themselves, see isFaithfulKey), `pattern` keys the server made
 * (time-ordered ids, hashes). `list` is the prefix a list may ask for: a string, null for a list
 * of the whole store, or 'any'.
 */
export type Rule = {
  store: string
  kinds: AccessKind[]
  key?: string
  prefix?: string
  pattern?: RegExp
  list?: string | null | 'any' | RegExp
}

/** `always`: whatever the answer; `onSuccess`: only when it is 2xx; `transient`: writes that must leave nothing behind. */
export type Touches = { always?: Rule[]; onSuccess?: Rule[]; transient?: Rule[] }

export const read = (store: string, key: string): Rule => ({ store, kinds: ['read'], key })
export const write = (store: string, key: string): Rule => ({ store, kinds: ['read', 'write'], key })
export const readPrefix = (store: string, prefix: string): Rule => ({ store, kinds: ['read'], prefix })
export const writePrefix = (store: string, prefix: string): Rule => ({ store, kinds: ['read', 'write'], prefix })
export const readPattern = (store: string, pattern: RegExp): Rule => ({ store, kinds: ['read'], pattern })
export const writePattern = (store: string, pattern: RegExp): Rule => ({ store, kinds: ['read', 'write'], pattern })
export const list = (store: string, prefix: string | null | 'any' | RegExp): Rule => ({ store, kinds: ['list'], list: prefix })
/** A JSON document (posts, resources, content, users): its reads, and the list the local server's getEntry makes. */
export const documentRead = (store: string): Rule[] => [read(store, 'index'), list(store, 'index')]
export const documentWrite = (store: string): Rule[] => [write(store, 'index'), list(store, 'index')]

/** A time-ordered id (netlify/lib/storage/ids.ts): 20261122T101010123Z-xxxxxxxx. */
export const TIME_ID = String.raw`\d{8}T\d{9}Z-[\w-]{8}`
/**
 * Rate-limit bookkeeping (entries, counters, markers of known networks): any key of the
 * rate-limits store made of safe segments, whatever its subject. It is the one store a refused
 * call may write.
 */
export const RATE_LIMITS: Rule[] = [
  writePattern('rate-limits', /^[\w~-]+(?:\/[\w~-]+)*$/),
  list('rate-limits', /^[\w~-]+(?:\/[\w~-]+)*\/?$/),
]
/** What checking a Bearer token reads: the users document and the token's revocation entry. */
export const AUTH: Rule[] = [...documentRead('users'), readPattern('revoked-tokens', /^[\w-]{16}$/)]

function keyMatches(rule: Rule, key: string): boolean {
  if (rule.key !== undefined) return isFaithfulKey(rule.key) && key === rule.key
  if (rule.prefix !== undefined) return isFaithfulKey(rule.prefix.replace(/\/$/, '')) && key.startsWith(rule.prefix)
  if (rule.pattern) return rule.pattern.test(key)
  return false
}

function accessAllowed(access: Access, rules: Rule[]): boolean {
  return rules.some((rule) => {
    if (rule.store !== access.store || !rule.kinds.includes(access.kind)) return false
    if (access.kind !== 'list') return keyMatches(rule, access.key)
    if (rule.list === undefined) return false
    if (rule.list === 'any') return true
    if (rule.list === null) return access.prefix === null || access.prefix === ''
    if (rule.list instanceof RegExp) return access.prefix !== null && rule.list.test(access.prefix)
    return isFaithfulKey(rule.list.replace(/\/$/, '')) && access.prefix === rule.list
  })
}

const describeAccess = (access: Access) =>
  `${access.kind === 'write' ? access.type : access.kind} ${access.store}/${access.kind === 'list' ? `?prefix=${access.prefix ?? ''}` : access.key}`.slice(
    0,
    160,
  )

// ---------------------------------------------------------------------------------------------
// Calls

export type Auth = 'admin' | 'editor' | 'none'

export type Answer = Timing & {
  status: number
  headers: Headers
  text: string
  stopped: boolean
  logs: string[]
  threw?: string
  /** Built-ins the call changed in the function's process (the worker is replaced after it). */
  polluted?: string[]
  /** The requests the call made to SendGrid's API, while the runner has a SendGrid key set (withEnv). */
  mail?: unknown[]
}

export type Outcome = { answer: Answer; accesses: Access[]; changes: ReturnType<typeof changedKeys> }

export type AttackCall = {
  attack: AttackClass
  /** Which function, which field, which input: what a failure message starts with. */
  label: string
  fn: string
  method: string
  /** Path and query (the runner adds the origin). */
  url: string
  auth?: Auth
  /** A header of its own instead of `auth` (a fresh session for logout). */
  authorization?: string
  /** Further headers (a webhook's signature). */
  headers?: Record<string, string>
  /** An object is sent as JSON; a string as is. */
  body?: unknown
  params?: Record<string, string> | null
  ip?: string
  /**
   * Run as a local server runs it (netlify dev: email goes to the outbox), not as deployed without
   * email settings: for a function that does nothing without email (a reset link request).
   */
  local?: true
  /** What the call may touch; a function sees the answer (and may look at the data as it is now). */
  touches: Touches | ((answer: Answer) => Touches | Promise<Touches>)
  /** Further checks of the answer and its effects: a message for each thing wrong. */
  check?: (outcome: Outcome) => string[] | Promise<string[]>
  /** Calls to make next (reading back what this one stored), given its outcome. */
  then?: (outcome: Outcome) => AttackCall[] | Promise<AttackCall[]>
  /** Undoes what the call stored, outside the recording (so the next call starts clean). */
  cleanup?: (outcome: Outcome) => Promise<void>
}

export type Tokens = Record<'admin' | 'editor', string>

type ClassStats = { row: AttackRow; problems: string[] }

let ipSequence = 0
/** A fresh address for each call, so per-address limits never decide an attack's outcome. */
export function freshIp(): string {
  const n = ipSequence++
  return `198.19.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`
}

const short = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max)}…(${text.length})` : text)

export class AttackRunner {
  private worker: Worker | null = null
  private pending = new Map<number, (answer: WorkerAnswer) => void>()
  private seq = 0
  private last: Fingerprint | null = null
  /** The collection documents as last read, by ETag: read again only when changed. */
  private readonly documentCache = new Map<string, { etag: string | null; value: string | null }>()
  private readonly stats = new Map<AttackClass, ClassStats>()
  readonly functions = attackedFunctions()
  /** Every function a call was made to, for the coverage check. */
  readonly called = new Set<string>()
  /** Each "METHOD function" called, to hold the attacks to every method of every contract. */
  readonly calledMethods = new Set<string>()
  /** A published post's slug, so the warm-up renders a real post page. */
  warmSlug = 'warm-up'

  constructor(
    private readonly blobs: RecordingBlobsServer,
    readonly origin: string,
    readonly tokens: Tokens,
  ) {}

  async start(): Promise<void> {
    await this.spawn()
  }

  async stop(): Promise<void> {
    await this.worker?.terminate()
    this.worker = null
  }

  private async spawn(warm = true): Promise<void> {
    const data: WorkerData = {
      root: ROOT,
      blobs: { siteID: this.blobs.siteID, token: this.blobs.token, url: this.blobs.url },
      env: { ...process.env },
    }
    const entry = JSON.stringify(`${ROOT}/tests/support/attack-worker.ts`)
    const worker = new Worker(`import('tsx/esm/api').then((api) => { api.register(); return import(${entry}) })`, {
      eval: true,
      // Not the test runner's own flags: the worker loads TypeScript through tsx alone.
      execArgv: [],
      workerData: data,
      stdout: true,
      stderr: true,
    })
    worker.stdout.resume()
    worker.stderr.resume()
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean; error?: string }) => {
        if (!('ready' in message)) return
        worker.off('message', onMessage)
        if (message.ready) resolve()
        else reject(new Error(`attack worker could not load the functions: ${message.error}`))
      }
      worker.on('message', onMessage)
      worker.once('error', reject)
    })
    worker.on('message', (message: WorkerAnswer | { ready: boolean }) => {
      if ('seq' in message) this.pending.get(message.seq)?.(message)
    })
    worker.postMessage({ preload: this.functions })
    await ready
    this.worker = worker
    // First calls compile and warm what each function uses (the post page's renderer above all):
    // not attack calls, not measured.
    if (!warm) return
    let polluted = false
    for (const warmUp of WARM_UP) {
      const request = warmUp(this.origin, this.warmSlug)
      const answer = await this.send(request, 60_000, true)
      if (answer.stopped) throw new Error(`attack runner: the warm-up call to ${request.fn} never answered`)
      if (answer.status >= 500)
        console.warn(`attack runner: warm-up ${request.fn} answered ${answer.status} ${answer.logs.join(' ')}`.slice(0, 500))
      // Stored data an attack left may poison the process on its first read: then start clean, unwarmed.
      polluted ||= answer.polluted !== undefined
    }
    if (polluted) {
      await this.worker.terminate()
      this.worker = null
      await this.spawn(false)
    }
  }

  /** Sends one request to the worker; on the deadline, the worker is replaced and the call counts as stopped. */
  private async send(request: Omit<WorkerRequest, 'seq'>, deadline = DEADLINE_MS, warmUp = false): Promise<Answer> {
    if (!this.worker) throw new Error('the attack runner is not started')
    const seq = ++this.seq
    const started = performance.now()
    let timer: NodeJS.Timeout | undefined
    const answered = new Promise<WorkerAnswer>((resolve) => this.pending.set(seq, resolve))
    this.worker.postMessage({ ...request, seq } satisfies WorkerRequest)
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), deadline)
    })
    const result = await Promise.race([answered, timedOut])
    clearTimeout(timer)
    this.pending.delete(seq)
    if (result === null) {
      const ms = performance.now() - started
      await this.worker.terminate()
      this.worker = null
      return {
        status: 0,
        headers: new Headers(),
        text: '',
        ms,
        cpuMs: ms,
        stopped: true,
        logs: [`stopped: no answer within ${deadline} ms`],
      }
    }
    if (result.polluted && !warmUp) {
      // Every later call in this process would fail because of this one: start a clean one.
      await this.worker.terminate()
      this.worker = null
    }
    return {
      status: result.status,
      headers: new Headers(result.headers),
      text: result.text,
      ms: result.ms,
      cpuMs: result.cpuMs,
      stopped: false,
      logs: result.logs,
      threw: result.threw,
      polluted: result.polluted,
      mail: result.mail,
    }
  }

  /**
   * Runs `work` with these environment variables set (a string) or removed (null) in the
   * functions' worker, and in this process so a replaced worker starts with them too; then puts
   * them back as they were.
   */
  async withEnv<T>(vars: Record<string, string | null>, work: () => Promise<T>): Promise<T> {
    const before = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name] ?? null]))
    const apply = async (values: Record<string, string | null>) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === null) delete process.env[name]
        else process.env[name] = value
      }
      if (!this.worker) await this.spawn()
      const worker = this.worker!
      await new Promise<void>((resolve) => {
        const onMessage = (message: { envSet?: boolean }) => {
          if (!message.envSet) return
          worker.off('message', onMessage)
          resolve()
        }
        worker.on('message', onMessage)
        worker.postMessage({ env: values } satisfies WorkerEnv)
      })
    }
    await apply(vars)
    try {
      return await work()
    } finally {
      await apply(before)
    }
  }

  private statsOf(attack: AttackClass): ClassStats {
    let stats = this.stats.get(attack)
    if (!stats) {
      stats = {
        row: { attack, calls: 0, errors5xx: 0, outside: 0, slow: 0, otherProblems: 0, slowestMs: 0, slowestStopped: false },
        problems: [],
      }
      this.stats.set(attack, stats)
    }
    return stats
  }

  private async fingerprint(): Promise<Fingerprint> {
    if (!this.last) this.last = await this.blobs.fingerprint()
    return this.last
  }

  /** Takes the stores as they are now as the next call's starting point (after a cleanup). */
  async resync(): Promise<void> {
    this.last = await this.blobs.fingerprint()
  }

  /** Makes an attack call, its follow-ups and its cleanup, and records what was wrong. */
  async run(call: AttackCall): Promise<Outcome> {
    this.called.add(call.fn)
    this.calledMethods.add(`${call.method} ${call.fn}`)
    const before = await this.fingerprint()
    const headers: Record<string, string> = {}
    if (call.auth === 'admin' || call.auth === 'editor') headers.authorization = this.tokens[call.auth]
    if (call.authorization) headers.authorization = call.authorization
    let body: string | undefined
    if (call.body !== undefined) {
      body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body)
      // Text goes as JSON too (as the site's code sends it), unless the call declares another type.
      headers['content-type'] = 'application/json'
    }
    Object.assign(headers, call.headers)
    const ip = call.ip ?? freshIp()
    const documents = await this.documents()
    this.blobs.begin()
    const answer = await this.send({
      fn: call.fn,
      method: call.method,
      url: new URL(call.url, this.origin).href,
      headers,
      body,
      params: call.params === undefined ? {} : call.params,
      ip,
      ...(call.local ? { local: true } : {}),
    })
    const accesses = this.blobs.end()
    if (!this.worker) await this.spawn()
    const after = await this.blobs.fingerprint()
    this.last = after
    const outcome: Outcome = { answer, accesses, changes: changedKeys(before, after) }
    const leftBehind = await this.judge(call, outcome)
    await this.repair(leftBehind, documents)
    if (call.then) for (const next of await call.then(outcome)) await this.run(next)
    if (call.cleanup) {
      await call.cleanup(outcome)
      await this.resync()
    }
    return outcome
  }

  /** The collection documents as they are, to put back what a call broke outside its record. */
  private async documents(): Promise<Map<string, string | null>> {
    const now = await this.fingerprint()
    const entries = await Promise.all(
      DOCUMENT_STORES.map(async (store) => {
        const etag = now.get(store)?.get('index') ?? null
        const cached = this.documentCache.get(store)
        if (cached && cached.etag === etag) return [store, cached.value] as const
        const value = await getStore({ name: store, consistency: 'strong' }).get('index', { type: 'text' })
        this.documentCache.set(store, { etag, value })
        return [store, value] as const
      }),
    )
    return new Map(entries)
  }

  /**
   * Undoes changes a call left outside its record (a document overwritten, a stray key), so that
   * one finding does not turn every later call into a failure of its own.
   */
  private async repair(leftBehind: ReturnType<typeof changedKeys>, documents: Map<string, string | null>): Promise<void> {
    if (leftBehind.length === 0) return
    for (const change of leftBehind) {
      const store = getStore({ name: change.store, consistency: 'strong' })
      if (change.key === 'index' && documents.has(change.store)) {
        const value = documents.get(change.store)
        if (value === null || value === undefined) await store.delete('index')
        else await store.set('index', value)
      } else if (change.change === 'added') await store.delete(change.key)
    }
    await this.resync()
  }

  private async judge(
    call: AttackCall,
    { answer, accesses, changes }: Outcome,
    extra: string[] = [],
  ): Promise<ReturnType<typeof changedKeys>> {
    const stats = this.statsOf(call.attack)
    const row = stats.row
    row.calls++
    const found: string[] = []
    const ok = answer.status >= 200 && answer.status < 300
    const touches = typeof call.touches === 'function' ? await call.touches(answer) : call.touches
    // Rate-limit bookkeeping is every call's own, whatever its answer.
    const always = [...RATE_LIMITS, ...(touches.always ?? [])]
    const allowed = [...always, ...(ok ? (touches.onSuccess ?? []) : []), ...(touches.transient ?? [])]
    const lasting = [...always, ...(ok ? (touches.onSuccess ?? []) : [])].filter((rule) => rule.kinds.includes('write'))

    if (answer.stopped || tooSlow(answer)) {
      row.slow++
      found.push(answer.stopped ? `no answer within ${Math.round(answer.ms)} ms (stopped)` : slowFinding(answer))
    }
    if (answer.ms > row.slowestMs) {
      row.slowestMs = answer.ms
      row.slowestStopped = answer.stopped
    }
    if (answer.status >= 500 || answer.threw) {
      row.errors5xx++
      const why = answer.threw ?? answer.logs.find((line) => /error/i.test(line)) ?? answer.text
      found.push(`status ${answer.status}${why ? `: ${short(why.replace(/\s+/g, ' '), 220)}` : ''}`)
    }
    const outside = accesses.filter((access) => !accessAllowed(access, allowed))
    const leftBehind = changes.filter(
      (change) =>
        !accessAllowed(
          { kind: 'write', type: 'set' as Access['type'], store: change.store, key: change.key, prefix: null, raw: '' },
          lasting,
        ),
    )
    if (outside.length > 0 || leftBehind.length > 0) {
      row.outside++
      const parts = [...new Set(outside.map(describeAccess))].slice(0, 6)
      if (outside.length > 0)
        found.push(`touched outside its record: ${parts.join(', ')}${outside.length > 6 ? ` (+${outside.length - 6})` : ''}`)
      if (leftBehind.length > 0)
        found.push(
          `left changed (answer ${answer.status}): ${leftBehind
            .slice(0, 6)
            .map((change) => `${change.change} ${change.store}/${short(change.key, 60)}`)
            .join(', ')}`,
        )
    }
    const checked = [...extra, ...(call.check ? await call.check({ answer, accesses, changes }) : [])]
    if (answer.polluted)
      checked.unshift(
        `changed the process's built-ins (${answer.polluted.slice(0, 5).join(', ')}): every later call of this function instance would fail`,
      )
    if (checked.length > 0) {
      row.otherProblems++
      found.push(...checked)
    }
    if (found.length > 0)
      stats.problems.push(`${call.label} [answer ${answer.status || 'none'}, ${Math.round(answer.ms)} ms]: ${found.join('; ')}`)
    return leftBehind
  }

  /**
   * A call to a data module in this process (the storage properties): anything thrown but an
   * error meant for the caller with a 4xx status (callerError) counts as a 5xx; its status is the answer's.
   */
  async runLocal(attack: AttackClass, label: string, work: () => Promise<unknown>, touches: Touches): Promise<void> {
    const before = await this.fingerprint()
    const documents = await this.documents()
    this.blobs.begin()
    const timing = startTiming()
    let status = 200
    let threw: string | undefined
    try {
      await work()
    } catch (error) {
      const refused = callerError(error)
      if (refused && refused.status < 500) status = refused.status
      else {
        status = refused?.status ?? 500
        threw = `threw ${error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error)}`
      }
    }
    const took = timing()
    const accesses = this.blobs.end()
    const after = await this.blobs.fingerprint()
    this.last = after
    const answer: Answer = { status, headers: new Headers(), text: '', ...took, stopped: false, logs: [], threw }
    const leftBehind = await this.judge(
      { attack, label, fn: '(data module)', method: '-', url: '/', touches },
      { answer, accesses, changes: changedKeys(before, after) },
    )
    await this.repair(leftBehind, documents)
  }

  /** Counts a check that is not a call (the integrity checks) under a class. */
  note(attack: AttackClass, label: string, problem: string | null): void {
    const stats = this.statsOf(attack)
    stats.row.calls++
    if (problem) {
      stats.row.otherProblems++
      stats.problems.push(`${label}: ${problem}`)
    }
  }

  result(attack: AttackClass): ClassStats {
    return this.statsOf(attack)
  }
}

/** Read-only calls made after each worker start, to load and warm every function. */
const WARM_UP: ((origin: string, slug: string) => Omit<WorkerRequest, 'seq'>)[] = [
  (origin, slug) => ({ fn: 'blog-page', method: 'GET', url: `${origin}/blog/${slug}`, headers: {}, params: { slug }, ip: '198.18.255.1' }),
  (origin) => ({ fn: 'blog-posts', method: 'GET', url: `${origin}/api/blog-posts`, headers: {}, params: {}, ip: '198.18.255.1' }),
  (origin) => ({ fn: 'rss', method: 'GET', url: `${origin}/rss.xml`, headers: {}, params: {}, ip: '198.18.255.1' }),
]
