/**
 * A module fetched when first needed rather than with the page (first-load budget),
 * e.g. a form's validation schema, started when a field gets focus. Once it has arrived, `current`
 * holds it, so a submit handler can use it without awaiting: an await there would leave the
 * previous outcome on screen, and the button enabled, for a moment after each click.
 * A failed load is forgotten, so the next use tries again.
 */
export function onDemand<T>(load: () => Promise<T>) {
  let current: T | undefined
  let pending: Promise<T> | undefined
  return {
    get current() {
      return current
    },
    load(): Promise<T> {
      pending ??= load().then(
        (module) => (current = module),
        (error: unknown) => {
          pending = undefined
          throw error
        },
      )
      return pending
    },
  }
}
