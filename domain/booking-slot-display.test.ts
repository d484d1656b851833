import { describe, expect, it } from 'vitest'
import { isTimeZone } from './availability'
import { slotsByDay, slotTimeLabels, visitorTimeZone } from './booking-slot-display'
import { formatSlot, formatSlotDay } from './text'

// Monday 2026-01-12, 09:00 to 16:00 in New York (UTC-5): 14:00Z to 21:00Z.
const HER_MONDAY = ['2026-01-12T14:00:00.000Z', '2026-01-12T16:30:00.000Z', '2026-01-12T18:00:00.000Z', '2026-01-12T21:00:00.000Z']

describe('slotsByDay', () => {
  it('spreads one of her days over two of the visitor’s when their evening is her morning', () => {
    // Kolkata is UTC+5:30: 19:30, 22:00 and 23:30 on Monday, 02:30 on Tuesday.
    expect(slotsByDay(HER_MONDAY, 'Asia/Kolkata')).toEqual([
      { date: '2026-01-12', slots: HER_MONDAY.slice(0, 3) },
      { date: '2026-01-13', slots: HER_MONDAY.slice(3) },
    ])
    expect(slotsByDay(HER_MONDAY, 'America/New_York')).toEqual([{ date: '2026-01-12', slots: HER_MONDAY }])
  })

  it('gathers slots of two of her days into one of the visitor’s, in time order whatever order they came in', () => {
    // Her Monday afternoon and Tuesday morning in Sydney (UTC+11) are the same Monday in Los Angeles (UTC-8).
    const slots = ['2026-01-12T22:00:00.000Z', '2026-01-12T04:00:00.000Z', '2026-01-12T17:00:00.000Z']
    expect(slotsByDay(slots, 'America/Los_Angeles')).toEqual([
      { date: '2026-01-11', slots: ['2026-01-12T04:00:00.000Z'] },
      { date: '2026-01-12', slots: ['2026-01-12T17:00:00.000Z', '2026-01-12T22:00:00.000Z'] },
    ])
    expect(slotsByDay([], 'UTC')).toEqual([])
  })

  it('refuses a zone the runtime does not know', () => {
    expect(() => slotsByDay(HER_MONDAY, 'Mars/Olympus')).toThrow(RangeError)
  })
})

describe('slotTimeLabels', () => {
  it('write each time in the visitor’s zone', () => {
    expect(slotTimeLabels(HER_MONDAY, 'Europe/London')).toEqual(['2:00 PM', '4:30 PM', '6:00 PM', '9:00 PM'])
    expect(slotTimeLabels(HER_MONDAY.slice(0, 1), 'Asia/Kolkata', 'en-GB')).toEqual(['19:30'])
  })

  it('say which 1:00 AM is which on the night the visitor’s clock goes back, and leave the rest plain', () => {
    const night = ['2026-11-01T04:30:00.000Z', '2026-11-01T05:00:00.000Z', '2026-11-01T06:00:00.000Z', '2026-11-01T07:00:00.000Z']
    expect(slotTimeLabels(night, 'America/New_York')).toEqual(['12:30 AM', '1:00 AM EDT', '1:00 AM EST', '2:00 AM'])
  })
})

describe('formatSlot', () => {
  it('writes a slot whole for a confirmation, in the reader’s zone and language', () => {
    expect(formatSlot('2026-03-09T13:00:00.000Z', { timeZone: 'America/New_York' })).toBe('Monday, March 9, 2026 at 9:00 AM EDT')
    expect(formatSlot('2026-03-09T13:00:00.000Z', { timeZone: 'Europe/London' })).toBe('Monday, March 9, 2026 at 1:00 PM GMT')
    expect(formatSlot('2026-03-09T13:00:00.000Z', { timeZone: 'Europe/Paris', locale: 'fr-FR', style: 'time' })).toBe('14:00')
  })

  it('reads a language it cannot use as US English, and refuses a zone it does not know', () => {
    for (const locale of ['not a locale', 'xx-YY', '<script>'])
      expect(formatSlot('2026-03-09T13:00:00.000Z', { timeZone: 'UTC', locale, style: 'time' })).toBe('1:00 PM')
    expect(() => formatSlot('2026-03-09T13:00:00.000Z', { timeZone: 'Nowhere/Town' })).toThrow(RangeError)
  })

  it('writes the heading of a day', () => {
    expect(formatSlotDay('2026-03-09')).toBe('Monday, March 9')
    expect(formatSlotDay('2026-12-31', 'en-GB')).toBe('Thursday 31 December')
  })
})

it('takes the visitor’s zone from the device', () => {
  expect(isTimeZone(visitorTimeZone())).toBe(true)
})
