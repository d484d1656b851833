import { endpointAddress } from '../../../lib/api-client'
import { readSession } from '../../../lib/session'

/** Downloads the CSV with the token (a plain link could not send the Authorization header). */
export async function exportSubscribers(): Promise<boolean> {
  const session = readSession()
  const response = await fetch(endpointAddress('adminSubscribersExport'), {
    headers: session ? { Authorization: `Bearer ${session.token}` } : {},
  })
  if (!response.ok) return false
  const url = URL.createObjectURL(await response.blob())
  const link = Object.assign(document.createElement('a'), { href: url, download: 'subscribers.csv' })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
  return true
}
