import type { PostSummary } from '#domain/blog-post.ts'
import { postPath } from '#domain/route-map.ts'
import { excerptOf } from '#domain/text.ts'

/** Escapes text for XML and HTML text and attribute values alike. */
export function escapeXml(text: string): string {
  // Characters XML 1.0 cannot hold at all (most control characters, lone surrogates, U+FFFE/F)
  // would make a feed reader refuse the whole feed: they are dropped, the rest escaped.
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!)
}

export type PageMeta = {
  title: string
  description: string
  url: string
  image?: string
  /** What the image shows, in the coach's words, for link previews read aloud. */
  imageAlt?: string
  type: 'website' | 'article'
  jsonLd?: Record<string, unknown>
}

/**
 * The head a crawler or link preview reads: title, description, canonical, Open Graph, Twitter
 * card and JSON-LD. JSON-LD is a data block, not script, so the CSP does not need to allow it;
 * "<" is escaped so a title cannot close the element.
 */
export function headTags(meta: PageMeta): string {
  const tags = [
    `<title>${escapeXml(meta.title)}</title>`,
    `<meta name="description" content="${escapeXml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeXml(meta.url)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeXml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeXml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeXml(meta.url)}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeXml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeXml(meta.description)}" />`,
  ]
  if (meta.image) {
    tags.push(
      `<meta property="og:image" content="${escapeXml(meta.image)}" />`,
      `<meta name="twitter:image" content="${escapeXml(meta.image)}" />`,
    )
    if (meta.imageAlt)
      tags.push(
        `<meta property="og:image:alt" content="${escapeXml(meta.imageAlt)}" />`,
        `<meta name="twitter:image:alt" content="${escapeXml(meta.imageAlt)}" />`,
      )
  }
  if (meta.jsonLd) {
    tags.push(`<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>`)
  }
  return tags.join('\n    ')
}

/**
 * Replaces the template's head tags (those headTags writes: a built template carries the built-in
 * ones) with the page's own. Text goes in through a function, never as a replacement string: a
 * title holding `$\`` or `$&` would otherwise paste parts of the template back into the page.
 */
export function withHead(template: string, meta: PageMeta): string {
  // Only the head is looked at: the body may already hold the page, with her words in it.
  const end = template.search(/<\/head>/i)
  if (end === -1) return template
  const head = template
    .slice(0, end)
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta name="description"[^>]*>\s*/i, '')
    .replace(/<link rel="canonical"[^>]*>\s*/i, '')
    .replace(/<meta (?:property="og:|name="twitter:)[^>]*>\s*/gi, '')
    .replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>\s*/gi, '')
  return insertBeforeHeadEnd(head + template.slice(end), headTags(meta))
}

/** The template with `tags` added at the end of its head. */
export function insertBeforeHeadEnd(template: string, tags: string): string {
  return template.replace(/<\/head>/i, () => `  ${tags}\n  </head>`)
}

export function absoluteUrl(base: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${base}/`).toString()
}

export function postMeta(post: PostSummary, base: string, siteName: string): PageMeta {
  const url = `${base}${postPath(post.slug)}`
  // A post without its own picture is shared with the site's (public/og-image.jpg).
  const image = absoluteUrl(base, post.featuredImage ?? '/og-image.jpg')
  const description = excerptOf(post)
  return {
    title: `${post.title} | ${siteName}`,
    description,
    url,
    image,
    ...(post.featuredImage && post.featuredImageAlt ? { imageAlt: post.featuredImageAlt } : {}),
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      url,
      mainEntityOfPage: url,
      ...(image ? { image } : {}),
      datePublished: post.publishedAt ?? post.createdAt,
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: post.author },
      publisher: { '@type': 'Organization', name: siteName },
      keywords: post.tags.join(', '),
    },
  }
}
