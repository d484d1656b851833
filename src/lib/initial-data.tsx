import { INITIAL_DATA_ID, type InitialData } from '../../domain/initial-data'
import type { FormAnswer } from '../../domain/form-answer'

/**
 * The data the server rendered this page with (see domain/initial-data.ts). In the browser it is
 * read from the page once; each part serves the first render of the path it was rendered for, so
 * a later visit to the same path asks the server again and shows a fresh form. On the server,
 * entry-server.tsx provides it for the length of one render.
 */
let serverData: InitialData | undefined
let pageData: InitialData | undefined

export function provideInitialData(data: InitialData | undefined): void {
  serverData = data
}

function readPageData(): InitialData | undefined {
  if (typeof document === 'undefined') return serverData
  // Taken out of the page when first read (a data block could otherwise be read again later).
  const element = document.getElementById(INITIAL_DATA_ID)
  if (element) {
    pageData = parse(element.textContent) ?? undefined
    element.remove()
  }
  return pageData
}

/** The path the page was rendered for, when it was: a form's answer arrives at another address. */
export function renderedPath(): string | undefined {
  return readPageData()?.path
}

export function takeInitialData(path: string): { post: NonNullable<InitialData['post']> } | undefined {
  const data = readPageData()
  if (data?.path !== path || !data.post) return undefined
  const { post } = data
  if (pageData) pageData = { ...pageData, post: undefined }
  return { post }
}

/**
 * The answer a form's function rendered this page with, for that form on that path. Reading does
 * not use it up (a component's first render may run twice); `forgetFormAnswer` does, once drawn.
 */
export function peekFormAnswer<F extends FormAnswer['form']>(form: F, path: string): Extract<FormAnswer, { form: F }> | undefined {
  const data = readPageData()
  if (data?.path !== path || data.answer?.form !== form) return undefined
  return data.answer as Extract<FormAnswer, { form: F }>
}

export function forgetFormAnswer(): void {
  if (pageData) pageData = { ...pageData, answer: undefined }
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
