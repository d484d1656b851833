import { useEffect, useState } from 'react'
import { mediaIdOf, type MediaListItem } from '#domain/media.ts'
import { mediaApi } from './media-api'

/**
 * A library file's name by its id. A file keeps its id and name for life (a new upload is a new
 * id), so what was learned once stays true; `null` marks an id the library no longer has.
 */
const names = new Map<string, string | null>()
let loading: Promise<void> | null = null

/** One library read at a time, however many pictures on the screen ask. */
function loadNames(): Promise<void> {
  loading ??= mediaApi
    .media()
    .then((files) => {
      for (const file of files) names.set(file.id, file.name)
    })
    .finally(() => {
      loading = null
    })
  return loading
}

/** A file just chosen or uploaded: its name is known without asking. */
export function rememberMediaName(file: Pick<MediaListItem, 'id' | 'name'>) {
  names.set(file.id, file.name)
}

/**
 * How a picture is named to the coach: a library file by the name it was uploaded with, a
 * picture from another website by that website, never by its address.
 */
export function pictureName(url: string, known?: string | null): string {
  if (known) return known
  let parsed: URL
  try {
    parsed = new URL(url, 'https://site.invalid')
  } catch {
    return 'A picture'
  }
  if (parsed.origin !== 'https://site.invalid') return `A picture from ${parsed.hostname}`
  // A file of the site (or a library file not listed any more): the end of its path reads as a name.
  const last = parsed.pathname.split('/').findLast(Boolean)
  if (!last) return 'A picture'
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}

/** The name of the picture at `url`, as `pictureName` gives it, read from the library when needed. */
export function useMediaName(url: string): string {
  const id = url ? mediaIdOf(url) : undefined
  const [, learned] = useState(0)
  useEffect(() => {
    if (!id || names.has(id)) return
    let current = true
    loadNames().then(
      () => {
        if (!names.has(id)) names.set(id, null)
        if (current) learned((n) => n + 1)
      },
      // Not read (offline): the address's last part names it meanwhile.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [id])
  return pictureName(url, id ? names.get(id) : undefined)
}
