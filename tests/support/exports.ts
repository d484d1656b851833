import type { ExportStatus } from '#domain/subscriber-export.ts'
import * as adminSubscriberExport from '#functions/admin-subscriber-export.ts'
import * as adminSubscriberExportFile from '#functions/admin-subscriber-export-file.ts'
import * as adminSubscriberExports from '#functions/admin-subscriber-exports.ts'
import { callRaw } from './auth'
import { call } from './call'

export type ExportBody = { success: boolean; message?: string; export: ExportStatus }

export const startExport = (authorization: string) =>
  call<ExportBody>(adminSubscriberExports, { method: 'POST', path: '/api/admin/subscribers/exports', headers: { authorization } })

export const exportStatus = (authorization: string, id: string) =>
  call<ExportBody>(adminSubscriberExport, { path: `/api/admin/subscribers/exports/${id}`, params: { id }, headers: { authorization } })

export const exportFile = (authorization: string, id: string, method = 'GET') =>
  callRaw(adminSubscriberExportFile, {
    method,
    path: `/api/admin/subscribers/exports/${id}/file`,
    params: { id },
    headers: { authorization },
  })

/**
 * The whole export as the page makes it: start the job (in tests the background function runs
 * before the start answers, see export-worker.ts), then download its file.
 */
export async function exportCsv(authorization: string) {
  const started = await startExport(authorization)
  if (started.status !== 202) throw new Error(`export not started: ${started.status} ${started.body.message}`)
  return exportFile(authorization, started.body.export.id)
}
