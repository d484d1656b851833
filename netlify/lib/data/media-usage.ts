import { isId } from '#domain/fields.ts'
import { mediaIdOf, type MediaUse } from '#domain/media.ts'
import { content } from './content'
import { posts } from './posts'
import { resources } from './resources'

/** `/media/<id>/` in text, also URL-encoded (an Image CDN address inside a post). Linear: no nested repeats. */
const MENTION = /(?:\/|%2F)media(?:\/|%2F)([\w-]{1,64})(?:\/|%2F)/gi

function mentioned(text: string): Set<string> {
  const ids = new Set<string>()
  for (const match of text.matchAll(MENTION)) if (isId(match[1])) ids.add(match[1])
  return ids
}

/**
 * Where each library file is used, by id: resources (file and thumbnail, named as the form labels
 * them), posts (featured image and body) and content items (their value). Read fresh on each
 * call: the admin lists it, and a delete asks first when a file is in use.
 */
export async function mediaUses(): Promise<Map<string, MediaUse[]>> {
  const [resourceList, postList, items] = await Promise.all([resources.list(), posts.listWithBodies(), content.list()])
  const uses = new Map<string, MediaUse[]>()
  const add = (id: string | undefined, use: MediaUse) => {
    if (!id) return
    const list = uses.get(id) ?? []
    if (!list.some((other) => other.kind === use.kind && other.id === use.id && other.field === use.field)) list.push(use)
    uses.set(id, list)
  }
  for (const resource of resourceList) {
    add(mediaIdOf(resource.fileUrl), { kind: 'resource', id: resource.id, label: resource.title, field: 'File' })
    if (resource.thumbnailUrl)
      add(mediaIdOf(resource.thumbnailUrl), { kind: 'resource', id: resource.id, label: resource.title, field: 'Thumbnail' })
  }
  for (const post of postList) {
    if (post.featuredImage) add(mediaIdOf(post.featuredImage), { kind: 'post', id: post.id, label: post.title, field: 'featured image' })
    for (const id of mentioned(post.content)) add(id, { kind: 'post', id: post.id, label: post.title, field: 'content' })
  }
  for (const item of items) {
    for (const id of mentioned(item.value))
      add(id, { kind: 'content', id: item.id, label: `${item.section} / ${item.key}`, field: 'value' })
  }
  return uses
}
