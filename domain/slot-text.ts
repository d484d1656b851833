// The one way a booking slot is written (re-exported by text.ts). See docs/booking-slots.md.

export type SlotStyle = 'time' | 'day' | 'full'

const SLOT_PARTS: Record<SlotStyle, Intl.DateTimeFormatOptions> = {
  time: { hour: 'numeric', minute: '2-digit' },
  day: { weekday: 'long', month: 'long', day: 'numeric' },
  full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
}
const slotFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The one way a booking slot is written, in the zone and language of whoever reads it (both
 * given: a slot has no time of day until a zone is chosen). `time`: "9:00 AM" (with `zoneName`:
 * "1:00 AM EDT", for the hour a clock set back shows twice); `day`: "Monday, March 9"; `full`
 * (confirmations and emails): "Monday, March 9, 2026 at 9:00 AM EDT". A zone the runtime does not
 * know is an error (RangeError); a language it does not know reads as US English.
 */
export function formatSlot(
  slot: string | number | Date,
  {
    timeZone,
    locale = 'en-US',
    style = 'full',
    zoneName = false,
  }: { timeZone: string; locale?: string; style?: SlotStyle; zoneName?: boolean },
): string {
  const key = `${locale}|${timeZone}|${style}|${zoneName}`
  let format = slotFormats.get(key)
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { ...SLOT_PARTS[style], timeZone, ...(zoneName && { timeZoneName: 'short' }) }
    format = new Intl.DateTimeFormat(knownLocale(locale), options)
    // A page shows a handful of zones and languages; the cap only keeps a long-lived process small.
    if (slotFormats.size >= 100) slotFormats.clear()
    slotFormats.set(key, format)
  }
  return format.format(new Date(slot))
}

function knownLocale(locale: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(locale).length > 0 ? locale : 'en-US'
  } catch {
    return 'en-US' // not a language tag at all
  }
}

/** A calendar day written "2026-03-09" as a heading over that day's slots: "Monday, March 9". */
export function formatSlotDay(date: string, locale = 'en-US'): string {
  const [year, month, day] = date.split('-').map(Number)
  return formatSlot(Date.UTC(year!, month! - 1, day!), { timeZone: 'UTC', locale, style: 'day' })
}
