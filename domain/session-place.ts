// How a booked session is described in words: where it happens and how long it lasts. Kept apart
// from availability.ts (and its schemas): the booking page draws these before it loads the calendar.

export const LOCATION_KINDS = ['video', 'phone', 'place'] as const
export type LocationKind = (typeof LOCATION_KINDS)[number]
export const LOCATION_LABELS = { video: 'Video call', phone: 'Phone call', place: 'In person' } as const

/** "Video call", "Phone call: 0161 …", "In person: 12 Market Street" (a kind not known reads as a video call). */
export function whereItHappens(location: { kind: string; text?: string }): string {
  const label = LOCATION_LABELS[location.kind as LocationKind] ?? LOCATION_LABELS.video
  return location.text ? `${label}: ${location.text}` : label
}

/** "1 hour", "2 hours", "45 minutes". */
export const lengthOf = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`
