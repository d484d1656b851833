import { ENDPOINTS } from '#domain/endpoints.ts'
import type { ImportAnswer, ImportRequest } from '#domain/subscriber-import.ts'
import { api, addressOf } from '#src/lib/api-client.ts'
import { readSession } from '#src/lib/session.ts'

/** One chunk of an import, or of its preview (`dryRun`). */
export async function importChunk(body: ImportRequest, signal?: AbortSignal): Promise<ImportAnswer> {
  const { results, summary, emailed } = await api<ImportAnswer>(addressOf(ENDPOINTS.adminSubscribersImport), {
    method: 'POST',
    body,
    token: readSession()?.token ?? '',
    signal,
  })
  return { results, summary, ...(emailed === undefined ? {} : { emailed }) }
}
