import { createContext, useContext, useState, type ReactNode } from 'react'
import { INITIAL_DATA_ID, type InitialData } from '#domain/initial-data.ts'
import type { FormAnswer } from '#domain/form-answer.ts'

/**
 * The data the server rendered this page with (see domain/initial-data.ts), handed to the app as
 * a prop of `InitialDataProvider`: on the server by entry-server.tsx, for the one render it
 * belongs to; in the browser by main.tsx, which reads it from the page's data block. Each part
 * serves the first render of the path it was rendered for, so a later visit to the same path asks
 * the server again and shows a fresh form.
 */
/** What a page's list comes in: the blog's posts, the active resources, Book Now's services booked online. */
type ListKind = 'posts' | 'resources' | 'bookingOffer'

export type InitialDataStore = {
  /** The post the page was rendered with, if the page is at `path`; a later visit asks again. */
  takePost(path: string): { post: NonNullable<InitialData['post']> } | undefined
  /** A list the page at `path` was rendered with; taken once, like the post. */
  takeList<K extends ListKind>(kind: K, path: string): NonNullable<InitialData[K]> | undefined
  /**
   * The answer a form's function rendered this page with, for that form on that path. Reading
   * does not use it up (a component's first render may run twice); `forgetFormAnswer` does, once drawn.
   */
  peekFormAnswer<F extends FormAnswer['form']>(form: F, path: string): Extract<FormAnswer, { form: F }> | undefined
  forgetFormAnswer(): void
  /**
   * The data a page started loading for one visit (`visit`: its path and history entry), made
   * once: a render React throws away (a navigation that waited for the page's code) and its retry
   * share it, instead of asking twice.
   */
  forVisit<T>(visit: string, start: () => T): T
}

function storeOf(initial: InitialData | undefined): InitialDataStore {
  let data = initial
  let started: { visit: string; value: unknown } | undefined
  return {
    forVisit<T>(visit: string, start: () => T): T {
      if (started?.visit !== visit) started = { visit, value: start() }
      return started.value as T
    },
    takePost(path) {
      if (data?.path !== path || !data.post) return undefined
      const { post } = data
      data = { ...data, post: undefined }
      return { post }
    },
    takeList<K extends ListKind>(kind: K, path: string) {
      if (data?.path !== path || !data[kind]) return undefined
      const list = data[kind] as NonNullable<InitialData[K]>
      data = { ...data, [kind]: undefined }
      return list
    },
    peekFormAnswer<F extends FormAnswer['form']>(form: F, path: string) {
      if (data?.path !== path || data.answer?.form !== form) return undefined
      return data.answer as Extract<FormAnswer, { form: F }>
    },
    forgetFormAnswer() {
      if (data) data = { ...data, answer: undefined }
    },
  }
}

// Without a provider (a component drawn on its own) there is no rendered data.
const InitialDataContext = createContext<InitialDataStore>(storeOf(undefined))

/** Gives the app the data its page was rendered with; each provider keeps its own. */
export function InitialDataProvider({ initial, children }: { initial: InitialData | undefined; children: ReactNode }) {
  const [store] = useState(() => storeOf(initial))
  return <InitialDataContext.Provider value={store}>{children}</InitialDataContext.Provider>
}

export function useInitialData(): InitialDataStore {
  return useContext(InitialDataContext)
}

/**
 * The page's data block, read once when the app starts in the browser, and taken out of the page
 * (a data block could otherwise be read again later).
 */
export function readPageData(): InitialData | undefined {
  const element = document.getElementById(INITIAL_DATA_ID)
  if (!element) return undefined
  element.remove()
  return parse(element.textContent) ?? undefined
}

function parse(json: string | null | undefined): InitialData | null {
  try {
    return json ? (JSON.parse(json) as InitialData) : null
  } catch {
    return null
  }
}

/**
 * A promise whose value is known now. <Settled> draws such a value in its very first render,
 * which is what hydrating server-rendered HTML needs (a plain resolved promise is only seen after
 * a tick, and the first render would draw the loading state instead).
 */
const knownValues = new WeakMap<Promise<unknown>, { value: unknown }>()

export function settledNow<T>(value: T): Promise<T> {
  const promise = Promise.resolve(value)
  knownValues.set(promise, { value })
  return promise
}

export function knownValue<T>(promise: Promise<T>): { value: T } | undefined {
  return knownValues.get(promise) as { value: T } | undefined
}
