/**
 * The values of a fixed choice, read from its labels (value to label, in display order): the
 * values feed the schemas' enums, the labels the forms and lists, so the two cannot drift apart.
 */
export function valuesOf<V extends string>(labels: Record<V, unknown>): [V, ...V[]] {
  return Object.keys(labels) as [V, ...V[]]
}
