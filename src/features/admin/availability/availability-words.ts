import { isPlainDate, SLOT_STEP_MINUTES, timeOf, timeZoneNames } from '#domain/availability.ts'

// How the Availability screen writes what it stores, in the coach's words: a place and its zone's
// name rather than an IANA key, "Friday 25 December 2026" rather than an ISO date, "End of day"
// rather than 24:00, "2 days" rather than 48 hours. Intl only: nothing here loads a calendar library.

const genericNames = new Map<string, string>()

/** "Eastern Time" for "America/New_York"; undefined where the runtime only knows an offset ("GMT+3"). */
function genericName(zone: string): string | undefined {
  if (!genericNames.has(zone)) {
    let name: string
    try {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(0)
      name = parts.find((part) => part.type === 'timeZoneName')?.value ?? ''
    } catch {
      name = ''
    }
    genericNames.set(zone, /^(?:GMT|UTC)[-+\u2212]/.test(name) ? '' : name)
  }
  return genericNames.get(zone) || undefined
}

/**
 * A zone as she reads it: "New York (Eastern Time)", "Kolkata (India Standard Time)"; where the
 * runtime has no name for the zone, its region: "Vostok (Antarctica)". UTC stays UTC.
 */
export function zoneLabel(zone: string): string {
  if (zone === 'UTC') return 'UTC (Coordinated Universal Time)'
  const parts = zone.split('/')
  const place = parts[parts.length - 1]!.replace(/_/g, ' ')
  return `${place} (${genericName(zone) ?? parts[0]!.replace(/_/g, ' ')})`
}

export type ZoneChoice = { zone: string; label: string }

/**
 * Every zone the runtime lists, with `also` (her saved one, which another runtime may name
 * differently), each labelled, sorted by label; a label two zones would share gets the zone's
 * full name, so each choice reads once.
 */
export function zoneChoices(also: readonly string[] = []): ZoneChoice[] {
  const zones = [...new Set([...timeZoneNames(), ...also.filter(Boolean)])]
  const labels = zones.map(zoneLabel)
  const count = new Map<string, number>()
  for (const label of labels) count.set(label, (count.get(label) ?? 0) + 1)
  return zones
    .map((zone, index) => ({
      zone,
      label: count.get(labels[index]!)! > 1 ? `${labels[index]} – ${zone.replace(/_/g, ' ')}` : labels[index]!,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'))
}

/** The zone a typed text names: a label from the list, or the zone's own name; '' for anything else. */
export function zoneOfText(text: string, choices: readonly ZoneChoice[]): string {
  const wanted = text.trim().toLowerCase()
  if (!wanted) return ''
  return choices.find((choice) => choice.label.toLowerCase() === wanted || choice.zone.toLowerCase() === wanted)?.zone ?? ''
}

/**
 * "Friday 25 December 2026" for "2026-12-25" (the date as written, whatever zone the browser is in);
 * without the year, "Friday 25 December", where the year goes without saying.
 */
export function dateLabel(date: string, { withYear = true } = {}): string {
  const [year, month, day] = date.split('-').map(Number)
  const parts = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .formatToParts(Date.UTC(year!, month! - 1, day!))
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {})
  return `${parts.weekday} ${parts.day} ${parts.month}${withYear ? ` ${parts.year}` : ''}`
}

/** Today's date ("2026-11-27") where she lives: a date off before it is past for her. */
export function todayIn(zone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  } catch {
    return now.toISOString().slice(0, 10)
  }
}

/** "End of day" for 24:00, the time itself otherwise. */
export function timeLabel(time: string): string {
  return time === '24:00' ? 'End of day' : time
}

/** The times a range may start at (every quarter hour of the day) or end at (to the end of the day). */
export function timeChoices(which: 'start' | 'end'): Record<string, string> {
  const first = which === 'start' ? 0 : SLOT_STEP_MINUTES
  const last = which === 'start' ? 24 * 60 - SLOT_STEP_MINUTES : 24 * 60
  const choices: Record<string, string> = {}
  for (let minutes = first; minutes <= last; minutes += SLOT_STEP_MINUTES) choices[timeOf(minutes)] = timeLabel(timeOf(minutes))
  return choices
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** Her notice in words: "No notice", "12 hours", "2 days", "1 day and 6 hours". */
export function noticeWords(hours: number): string {
  if (hours === 0) return 'No notice: a visitor can book any free time from now'
  const days = Math.floor(hours / 24)
  const rest = hours % 24
  const words = [days && plural(days, 'day'), rest && plural(rest, 'hour')].filter(Boolean).join(' and ')
  return `At least ${words} before a session starts`
}

/** How far ahead, in words: "Visitors can book up to 2 months ahead" (weeks and months where they are round). */
export function horizonWords(days: number): string {
  const span =
    days % 30 === 0 && days >= 60
      ? plural(days / 30, 'month')
      : days % 7 === 0 && days >= 14
        ? plural(days / 7, 'week')
        : plural(days, 'day')
  return `Visitors can book up to ${span} ahead`
}

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g

/**
 * A message of the schema or the server in her words: each ISO date written out, 24:00 as the end
 * of the day. ("Enter a date like 2026-12-25" cannot show here: every date is picked, never typed.)
 */
export function inHerWords(message: string): string {
  return message.replace(ISO_DATE, (date) => (isPlainDate(date) ? dateLabel(date) : date)).replace(/24:00/g, 'the end of the day')
}
