import { describe, expect, it } from 'vitest'
import {
  dateLabel,
  horizonWords,
  inHerWords,
  noticeWords,
  timeChoices,
  todayIn,
  zoneChoices,
  zoneLabel,
  zoneOfText,
} from './availability-words'

describe("the Availability screen's words", () => {
  it('names a zone by its place and its name, never by its key alone', () => {
    expect(zoneLabel('America/New_York')).toBe('New York (Eastern Time)')
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toMatch(/^Buenos Aires \(/)
    expect(zoneLabel('UTC')).toBe('UTC (Coordinated Universal Time)')
    const choices = zoneChoices(['Asia/Calcutta'])
    expect(new Set(choices.map((choice) => choice.label)).size).toBe(choices.length)
    expect(choices.every((choice) => !/GMT[+-]/.test(choice.label))).toBe(true)
    expect(zoneOfText('new york (eastern time)', choices)).toBe('America/New_York')
    expect(zoneOfText('Europe/London', choices)).toBe('Europe/London')
    for (const typed of ['', 'Atlantis', '__proto__', 'constructor', '<script>']) expect(zoneOfText(typed, choices)).toBe('')
  })

  it('writes dates and times as she reads them', () => {
    expect(dateLabel('2026-12-25')).toBe('Friday 25 December 2026')
    expect(todayIn('Pacific/Kiritimati', new Date('2026-11-27T12:00:00Z'))).toBe('2026-11-28')
    expect(todayIn('Pacific/Pago_Pago', new Date('2026-11-27T05:00:00Z'))).toBe('2026-11-26')
    const ends = timeChoices('end')
    expect(Object.keys(ends)).toHaveLength(96)
    expect(ends['24:00']).toBe('End of day')
    expect(Object.keys(timeChoices('start')).at(-1)).toBe('23:45')
    expect(inHerWords('2026-12-25 is a date off: remove it there to add hours')).toBe(
      'Friday 25 December 2026 is a date off: remove it there to add hours',
    )
    expect(inHerWords('A range cannot start at 24:00')).toBe('A range cannot start at the end of the day')
    expect(inHerWords('2026-02-30 is listed twice')).toBe('2026-02-30 is listed twice')
  })

  it('says the notice and the horizon in words', () => {
    expect(noticeWords(0)).toBe('No notice: a visitor can book any free time from now')
    expect(noticeWords(1)).toBe('At least 1 hour before a session starts')
    expect(noticeWords(48)).toBe('At least 2 days before a session starts')
    expect(noticeWords(30)).toBe('At least 1 day and 6 hours before a session starts')
    expect(horizonWords(60)).toBe('Visitors can book up to 2 months ahead')
    expect(horizonWords(14)).toBe('Visitors can book up to 2 weeks ahead')
    expect(horizonWords(1)).toBe('Visitors can book up to 1 day ahead')
  })
})
