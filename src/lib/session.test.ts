import { describe, expect, it } from 'vitest'
import { clearSession, readSession, saveSession } from './session'

const user = { username: 'grace', role: 'editor' as const }

describe('the stored admin session', () => {
  it('is null when nothing is stored', () => {
    expect(readSession()).toBeNull()
  })

  it('is null without a token', () => {
    localStorage.setItem('adminUser', JSON.stringify(user))
    expect(readSession()).toBeNull()
  })

  it('is null without a user', () => {
    localStorage.setItem('adminToken', 'abc')
    expect(readSession()).toBeNull()
  })

  it('is null when the user is not JSON', () => {
    localStorage.setItem('adminToken', 'abc')
    localStorage.setItem('adminUser', '{not json')
    expect(readSession()).toBeNull()
  })

  it.each([
    ['no role', { username: 'grace' }],
    ['an unknown role', { username: 'grace', role: 'owner' }],
    ['a non-string username', { username: 7, role: 'admin' }],
    ['a string', 'grace'],
    ['null', null],
  ])('is null when the user has %s', (_, stored) => {
    localStorage.setItem('adminToken', 'abc')
    localStorage.setItem('adminUser', JSON.stringify(stored))
    expect(readSession()).toBeNull()
  })

  it('saves both keys and reads them back', () => {
    saveSession({ token: 'abc', user })
    expect(localStorage.getItem('adminToken')).toBe('abc')
    expect(JSON.parse(localStorage.getItem('adminUser') ?? 'null')).toEqual(user)
    expect(readSession()).toEqual({ token: 'abc', user })
  })

  it('clears both keys and nothing else', () => {
    saveSession({ token: 'abc', user })
    localStorage.setItem('adminSidebar', 'collapsed')
    clearSession()
    expect(localStorage.getItem('adminToken')).toBeNull()
    expect(localStorage.getItem('adminUser')).toBeNull()
    expect(localStorage.getItem('adminSidebar')).toBe('collapsed')
    expect(readSession()).toBeNull()
  })
})
