import * as z from 'zod/mini'
import { EXPORT_TTL_HOURS, ExportJobSchema, type ExportJob } from '#domain/subscriber-export.ts'
import { openStore, StorageUnavailableError } from '#lib/storage/blobs.ts'
import { newId } from '#lib/storage/ids.ts'
import { keys } from '#lib/storage/keys.ts'

/**
 * Subscriber exports: each job's record under `job/<id>` (its state and progress, written by the
 * background function as it goes) and the finished CSV under `file/<id>`. Jobs and files are
 * kept for EXPORT_TTL_HOURS; the maintenance function removes them after that.
 */
const store = () => openStore('subscriber-exports')
const HOUR_MS = 60 * 60_000

async function read(id: string): Promise<ExportJob | null> {
  const text = await store().get(keys.exportJob(id))
  if (text === null) return null
  const result = z.safeParse(ExportJobSchema, JSON.parse(text))
  if (!result.success) throw new StorageUnavailableError(`Stored export job "${id}" is invalid`)
  return result.data
}

const expired = (job: ExportJob, now: Date) => job.expires_at <= now.toISOString()

export const subscriberExports = {
  async create(owner: string, now = new Date()): Promise<ExportJob> {
    const at = now.toISOString()
    const job: ExportJob = {
      id: newId(),
      owner,
      state: 'queued',
      created_at: at,
      updated_at: at,
      expires_at: new Date(now.getTime() + EXPORT_TTL_HOURS * HOUR_MS).toISOString(),
      processed: 0,
      total: 0,
      bytes: 0,
    }
    if (!(await store().setIfNew(keys.exportJob(job.id), JSON.stringify(job)))) throw new StorageUnavailableError('Export id taken')
    return job
  },

  /** The job, unless it has expired. */
  async find(id: string, now = new Date()): Promise<ExportJob | null> {
    const job = await read(id)
    return job && !expired(job, now) ? job : null
  },

  /** The job as its owner sees it: someone else's job is as missing as one that never was. */
  async findFor(id: string, owner: string, now = new Date()): Promise<ExportJob | null> {
    const job = await this.find(id, now)
    return job?.owner === owner ? job : null
  },

  /** Only the background function writes a job once it has started, so a plain write is enough. */
  async update(job: ExportJob, changes: Partial<Omit<ExportJob, 'id' | 'owner'>>, now = new Date()): Promise<ExportJob> {
    const next = { ...job, ...changes, updated_at: now.toISOString() }
    await store().set(keys.exportJob(job.id), JSON.stringify(next))
    return next
  },

  async saveFile(id: string, csv: string): Promise<void> {
    await store().set(keys.exportFile(id), csv)
  },

  file: (id: string) => store().getStream(keys.exportFile(id)),

  /** Removes expired jobs with their files, and files whose job is gone. Answers how many jobs went. */
  async prune(now = new Date()): Promise<number> {
    let removed = 0
    const live = new Set<string>()
    for (const key of await store().keys(keys.exportJobs())) {
      const id = key.slice('job/'.length)
      const job = await read(id)
      if (job && !expired(job, now)) {
        live.add(id)
        continue
      }
      await store().delete(keys.exportFile(id))
      await store().delete(key)
      removed++
    }
    for (const key of await store().keys(keys.exportFiles())) {
      const id = key.slice('file/'.length)
      // A job started since its list was read is asked about again before its file goes.
      if (!live.has(id) && !(await this.find(id, now))) await store().delete(key)
    }
    return removed
  },
}
