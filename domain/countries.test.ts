import { describe, expect, it } from 'vitest'
import { COUNTRIES, isCountry } from './countries'

describe('the country list', () => {
  it('holds every ISO 3166-1 entry (and Kosovo) once, in alphabetical order', () => {
    expect(COUNTRIES).toHaveLength(250)
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length)
    expect([...COUNTRIES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual([...COUNTRIES])
  })

  it('uses short, common English names that fit the country field', () => {
    expect(COUNTRIES).toEqual(expect.arrayContaining(['United States', 'United Kingdom', 'Nigeria', 'South Korea', "Côte d'Ivoire"]))
    for (const name of COUNTRIES) {
      expect(name, name).toBe(name.trim())
      expect(name.length, name).toBeLessThanOrEqual(80)
      expect(name, name).not.toMatch(/\p{Cc}/u)
    }
  })

  it('knows a name only as listed', () => {
    expect(isCountry('Nigeria')).toBe(true)
    expect(isCountry('nigeria')).toBe(false)
    expect(isCountry('USA')).toBe(false)
    expect(isCountry('')).toBe(false)
  })
})
