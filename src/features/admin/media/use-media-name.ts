import { useEffect, useState } from 'react'
import { mediaIdOf, type MediaListItem } from '#domain/media.ts'
import { mediaApi } from './media-api'

/** What a field says of a library file: its name as uploaded, its kind and its size. */
export type KnownMedia = Pick<MediaListItem, 'name' | 'contentType' | 'size'>

/**
 * A library file's name, kind and size by its id. A file keeps its id, name and bytes for life (a
 * new upload is a new id), so what was learned once stays true; `null` marks an id the library no
 * longer has.
 */
const known = new Map<string, KnownMedia | null>()
let loading: Promise<void> | null = null

/** One library read at a time, however many pictures on the screen ask. */
function loadNames(): Promise<void> {
  loading ??= mediaApi
    .media()
    .then((files) => {
      for (const file of files) remember(file)
    })
    .finally(() => {
      loading = null
    })
  return loading
}

/** A file just chosen or uploaded: its name, kind and size are known without asking. */
export function remember(file: Pick<MediaListItem, 'id' | 'name' | 'contentType' | 'size'>) {
  known.set(file.id, { name: file.name, contentType: file.contentType, size: file.size })
}

/**
 * How a picture or a file is named to the coach: a library file by the name it was uploaded with,
 * one from another website by that website, never by its address. `noun` is "picture" or "file".
 */
export function mediaName(url: string, noun: string, knownName?: string): string {
  if (knownName) return knownName
  const some = `A ${noun}`
  let parsed: URL
  try {
    parsed = new URL(url, 'https://site.invalid')
  } catch {
    return some
  }
  if (parsed.origin !== 'https://site.invalid') return `${some} from ${parsed.hostname}`
  // A file of the site (or a library file not listed any more): the end of its path reads as a name.
  const last = parsed.pathname.split('/').findLast(Boolean)
  if (!last) return some
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

/**
 * What is known of the library file at `url` (read from the library when needed): undefined while
 * unknown, and for an address that is not the library's.
 */
export function useKnownMedia(url: string): KnownMedia | undefined {
  const id = url ? mediaIdOf(url) : undefined
  const [, learned] = useState(0)
  useEffect(() => {
    if (!id || known.has(id)) return
    let current = true
    loadNames().then(
      () => {
        if (!known.has(id)) known.set(id, null)
        if (current) learned((n) => n + 1)
      },
      // Not read (offline): the address's last part names it meanwhile.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [id])
  return (id && known.get(id)) || undefined
}

/** The name of the picture at `url`, as `mediaName` gives it. */
export function useMediaName(url: string): string {
  return mediaName(url, 'picture', useKnownMedia(url)?.name)
}
