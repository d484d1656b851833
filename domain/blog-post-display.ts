/**
 * What the blog pages show, kept apart from the schemas in blog-post.ts (which re-exports all of
 * it): the public blog pages import this and stay free of the validation library, within their
 * 100 KB first-load budget (tests/budget).
 */

import { entityMessages } from './entity-messages'

/** Cards show at most 2 tags (docs/product.md, Constants). */
export const CARD_TAGS_MAX = 2
/** Excerpt fallback length (docs/product.md, Constants). */
export const EXCERPT_FALLBACK_LENGTH = 150

/** A tag is at most this long (docs/product.md, Validation). */
export const TAG_MAX_LENGTH = 40

export const BLOG_MESSAGES = {
  empty: 'No blog posts available yet.',
  // Text longer than any tag is no tag: the page does not repeat it (an address can carry any words).
  emptyForTag: (tag: string) => (tag.length <= TAG_MAX_LENGTH ? `No posts tagged "${tag}" yet.` : 'No posts with that topic yet.'),
  viewAll: 'View all posts',
  allPosts: 'All Posts',
  ...entityMessages('blog post'),
  notFound: 'Blog post not found',
  /** A saved version of a post that is not (or no longer) kept. */
  versionNotFound: 'Version not found',
  /** The public page of one post. */
  loadFailed: 'Failed to load blog post',
  /** Over a post that is not public yet, shown to a signed-in editor at its address. */
  draftNotice: 'Only people signed in to the admin can see this page until it is published.',
} as const
