import type { SiteTexts } from '#domain/content-item.ts'
import { api, paths } from '#src/lib/api-client.ts'

/** The editable texts; on failure the pages keep their built-in texts, so this never rejects. */
export async function getSiteTexts(): Promise<SiteTexts> {
  try {
    const { content } = await api<{ content: SiteTexts }>(paths.content())
    return content
  } catch (error) {
    console.warn('Could not load site texts; using the built-in ones.', error)
    return {}
  }
}
