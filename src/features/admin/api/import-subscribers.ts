import type { ImportAnswer, ImportRequest } from '../../../../domain/subscriber-import'
import { api, endpointAddress } from '../../../lib/api-client'
import { readSession } from '../../../lib/session'

/** One chunk of an import, or of its preview (`dryRun`). */
export async function importChunk(body: ImportRequest, signal?: AbortSignal): Promise<ImportAnswer> {
  const { results, summary, emailed } = await api<ImportAnswer>(endpointAddress('adminSubscribersImport'), {
    method: 'POST',
    body,
    token: readSession()?.token ?? '',
    signal,
  })
  return { results, summary, ...(emailed === undefined ? {} : { emailed }) }
}
