import { createContext, startTransition, use, useEffect, useState, type ReactNode } from 'react'
import { isSafeUrl } from '#domain/safe-url.ts'
import type { SiteTexts } from '#domain/site-texts.ts'
import { shownText } from '#domain/page-titles.ts'
import { DEFAULT_TEXTS, type TextKey, type TextSection } from '#domain/default-texts.ts'

const SiteTextsContext = createContext<SiteTexts>({})
// Without a provider (a component drawn on its own) the built-in texts are all there is.
const TextsKnownContext = createContext(true)

/**
 * Shows `initial` at once (the texts a page rendered on request was drawn with), else the
 * built-in texts, and swaps in the edited ones when `pending` settles.
 */
export function SiteTextsProvider({ initial, pending, children }: { initial?: SiteTexts; pending: Promise<SiteTexts>; children: ReactNode }) {
  const [texts, setTexts] = useState<SiteTexts>(initial ?? {})
  const [known, setKnown] = useState(initial !== undefined)
  useEffect(() => {
    let current = true
    // Every text on the page may change: as a transition the re-render is sliced into short tasks
    // (a tap is answered meanwhile), and it waits for a prerendered page to finish hydrating.
    void pending.then(
      (loaded) =>
        current &&
        startTransition(() => {
          setTexts(loaded)
          setKnown(true)
        }),
    )
    return () => {
      current = false
    }
  }, [pending])
  return (
    <SiteTextsContext value={texts}>
      <TextsKnownContext value={known}>{children}</TextsKnownContext>
    </SiteTextsContext>
  )
}

/**
 * Whether the texts drawn are the site's own: those the page came with, or those asked for once
 * they have arrived (the built-in ones, should that fail). A page drawn in the browser starts
 * without them; what every page shows of hers (the site name, the footer line) is then held back,
 * its room kept, rather than painted in the built-in words and swapped.
 */
export function useTextsKnown(): boolean {
  return use(TextsKnownContext)
}

export function useText<S extends TextSection>(section: S, key: TextKey<S>): string {
  return shownText(use(SiteTextsContext), section, key)
}

/** An image text: its address when it is one the page may load, else the built-in one (or none). */
export function useImageText<S extends TextSection>(section: S, key: TextKey<S>): string | undefined {
  const edited = useText(section, key).trim()
  if (edited && isSafeUrl(edited)) return edited
  const fallback = DEFAULT_TEXTS[section][key] as string
  return fallback && isSafeUrl(fallback) ? fallback : undefined
}

/**
 * A list text: JSON, or for lists of strings also one item per line (easier to edit by hand).
 * An edit that does not fit falls back to the built-in list.
 */
export function useListText<S extends TextSection, T>(section: S, key: TextKey<S>, isItem: (item: unknown) => item is T): T[] {
  const raw = useText(section, key)
  const parsed = parseList(raw, isItem) ?? linesList(raw, isItem)
  return parsed ?? parseList(DEFAULT_TEXTS[section][key] as string, isItem) ?? []
}

function linesList<T>(raw: string, isItem: (item: unknown) => item is T): T[] | null {
  if (raw.trimStart().startsWith('[')) return null
  const lines: unknown[] = raw
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  return lines.length > 0 && lines.every(isItem) ? (lines as T[]) : null
}

function parseList<T>(raw: string, isItem: (item: unknown) => item is T): T[] | null {
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) && value.every(isItem) ? value : null
  } catch {
    return null
  }
}

export const isTitledText = (item: unknown): item is { title: string; text: string } =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as { title?: unknown }).title === 'string' &&
  typeof (item as { text?: unknown }).text === 'string'

export const isString = (item: unknown): item is string => typeof item === 'string'
