import { content } from '#lib/data/content.ts'

/** The site's name as the coach set it (content item site.siteName), for feeds and page titles. */
export async function siteName(): Promise<string> {
  const items = await content.list()
  return items.find((item) => item.section === 'site' && item.key === 'siteName')?.value ?? 'Faithful Finances'
}
