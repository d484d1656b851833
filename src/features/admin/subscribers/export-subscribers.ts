import { ENDPOINTS } from '#domain/endpoints.ts'
import type { ExportStatus } from '#domain/subscriber-export.ts'
import { api, ApiError, addressOf } from '#src/lib/api-client.ts'
import { readSession } from '#src/lib/session.ts'

const token = () => readSession()?.token ?? ''

/** Starts building the CSV in the background; answers the job to follow. */
export async function startExport(): Promise<ExportStatus> {
  return (await api<{ export: ExportStatus }>(addressOf(ENDPOINTS.adminSubscriberExports), { method: 'POST', token: token() })).export
}

export async function exportProgress(id: string, signal?: AbortSignal): Promise<ExportStatus> {
  return (await api<{ export: ExportStatus }>(addressOf(ENDPOINTS.adminSubscriberExport, { id }), { token: token(), signal })).export
}

/** Downloads the finished file with the token (a plain link could not send the Authorization header). */
export async function downloadExport(id: string, fileName: string): Promise<void> {
  const response = await fetch(addressOf(ENDPOINTS.adminSubscriberExportFile, { id }), { headers: { Authorization: `Bearer ${token()}` } })
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { message?: unknown } | null
    throw new ApiError(response.status, typeof data?.message === 'string' ? data.message : undefined)
  }
  saveFile(await response.blob(), fileName)
}

/** Hands a file to the browser's downloads. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file)
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}
