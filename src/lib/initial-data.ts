import { INITIAL_DATA_ID, type InitialData } from '../../domain/initial-data'

/**
 * The data the server rendered this page with (see domain/initial-data.ts). In the browser it is
 * taken from the page once, for the path it was rendered for: a later visit to the same path asks
 * the server again. On the server, entry-server.tsx provides it for the length of one render.
 */
let serverData: InitialData | undefined

export function provideInitialData(data: InitialData | undefined): void {
  serverData = data
}

export function takeInitialData(path: string): InitialData | undefined {
  if (typeof document === 'undefined') return serverData?.path === path ? serverData : undefined
  const element = document.getElementById(INITIAL_DATA_ID)
  const data = parse(element?.textContent)
  if (data?.path !== path) return undefined
  element!.remove()
  return data
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
