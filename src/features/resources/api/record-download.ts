import { paths } from '#src/lib/api-client.ts'

/**
 * Records a download without holding up the file: the link itself opens the file in a new tab
 * (so no popup blocker interferes), and this request is sent alongside with keepalive, so it
 * completes even if the visitor leaves. Its outcome does not matter to the visitor. It carries no
 * body (so no Content-Type to declare): the browser's own Sec-Fetch-Site says it comes from this
 * site, which is all the server asks of it (README, Security: requests from other sites).
 */
export function recordDownload(resourceId: string): void {
  fetch(paths.resourceDownload(resourceId), { method: 'POST', keepalive: true }).catch((error: unknown) => {
    console.warn('Could not record the download.', error)
  })
}
