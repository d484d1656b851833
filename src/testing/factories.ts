import * as z from 'zod/mini'
import { PublicUserSchema, type PublicUser, type SessionUser } from '#domain/admin-user.ts'
import { PostSummarySchema, type PostSummary, type RenderedPost } from '#domain/blog-post.ts'
import { ContentItemSchema, type ContentItem } from '#domain/content-item.ts'
import { MediaFileSchema, mediaPath, type MediaListItem } from '#domain/media.ts'
import { NewsletterSchema, type Newsletter } from '#domain/newsletter.ts'
import { ResourceSchema, toPublicResource, type PublicResource, type Resource } from '#domain/resource.ts'
import { SubscriberSchema, type Subscriber } from '#domain/subscriber.ts'
import type { Session } from '#src/lib/session.ts'

/**
 * Records as the functions answer them, with overrides (Epic Stack's tests/db-utils.ts style).
 * Each goes through its domain schema where one exists, so a factory cannot hand a page something
 * the server would never send.
 */
let sequence = 0
const next = () => ++sequence

const at = (day: number) => new Date(Date.UTC(2025, 2, day, 12)).toISOString()

export function postSummary(overrides: Partial<PostSummary> = {}): PostSummary {
  const n = next()
  return z.parse(PostSummarySchema, {
    id: `post-${n}`,
    slug: `budgeting-with-purpose-${n}`,
    title: `Budgeting with purpose ${n}`,
    excerpt: `Why a plan gives every dollar a job (${n}).`,
    status: 'published',
    tags: ['budgeting'],
    author: 'Grace Adeyemi',
    createdAt: at(1),
    updatedAt: at(1),
    publishedAt: at(5),
    readingMinutes: 3,
    ...overrides,
  })
}

/** A post as GET /api/blog-posts?slug= answers it: the body in markdown and already rendered. */
export function renderedPost(overrides: Partial<RenderedPost> = {}): RenderedPost {
  const { content, html, ...summary } = overrides
  return {
    ...postSummary(summary),
    content: content ?? '## A plan\n\nStart with **giving**, then saving, then living.',
    html: html ?? '<h2>A plan</h2><p>Start with <strong>giving</strong>, then saving, then living.</p>',
  }
}

/** A resource as the admin list receives it. */
export function resource(overrides: Partial<Resource> = {}): Resource {
  const n = next()
  return z.parse(ResourceSchema, {
    id: `resource-${n}`,
    title: `Family budget workbook ${n}`,
    description: 'A printable workbook for a monthly family budget.',
    type: 'ebook',
    fileUrl: `https://files.test.example/workbook-${n}.pdf`,
    isActive: true,
    downloadCount: 0,
    createdBy: 'admin',
    createdAt: at(2),
    updatedAt: at(2),
    ...overrides,
  })
}

/** A resource as GET /api/resources answers it. */
export function publicResource(overrides: Partial<Resource> = {}): PublicResource {
  return toPublicResource(resource(overrides))
}

export function contentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  const n = next()
  return z.parse(ContentItemSchema, {
    id: `content-${n}`,
    section: 'home',
    key: `heroTitle${n}`,
    value: `Edited text ${n}`,
    type: 'text',
    updatedBy: 'admin',
    updatedAt: at(3),
    ...overrides,
  })
}

/** A ready library file as GET /api/admin/media lists it: a PNG unless told. */
export function mediaFile(overrides: Partial<MediaListItem> = {}): MediaListItem {
  const n = next()
  const { url, usedIn = [], ...fields } = overrides
  const file = z.parse(MediaFileSchema, {
    id: `media${n}`,
    name: `Picture ${n}.png`,
    contentType: 'image/png',
    size: 2048,
    width: 800,
    height: 600,
    partSize: 4 * 1024 * 1024,
    parts: 1,
    uploadedBy: 'admin',
    createdAt: at(4),
    status: 'ready',
    ...fields,
  })
  return { ...file, url: url ?? mediaPath(file), usedIn }
}

export function adminUser(overrides: Partial<PublicUser> = {}): PublicUser {
  const n = next()
  return z.parse(PublicUserSchema, {
    id: `user-${n}`,
    username: `editor${n}`,
    email: `editor${n}@test.example`,
    role: 'editor',
    createdAt: at(1),
    ...overrides,
  })
}

export function subscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  const n = next()
  return z.parse(SubscriberSchema, { id: `subscriber-${n}`, email: `reader${n}@test.example`, created_at: at(4), ...overrides })
}

/** A draft newsletter; a sending or sent one is given its status, times and progress. */
export function newsletter(overrides: Partial<Newsletter> = {}): Newsletter {
  const n = next()
  return z.parse(NewsletterSchema, {
    id: `newsletter-${n}`,
    subject: `Spring budget check-in ${n}`,
    body: `## A fresh start\n\nThis month we look at **giving** first (${n}).`,
    status: 'draft',
    createdAt: at(6),
    updatedAt: at(6),
    updatedBy: 'admin',
    ...overrides,
  })
}

export function session(user: Partial<SessionUser> = {}): Session {
  return { token: `token-${next()}`, user: { username: 'admin', role: 'admin', ...user } }
}
