import { describe, expect, it } from 'vitest'
import { reasonLine, STOPPED_REASON_MAX, stopOf, stopsOf, type SendGridEvent } from './sendgrid-event'

const event = (fields: Partial<SendGridEvent>): SendGridEvent => ({ event: 'bounce', email: 'a@test.example', ...fields })

describe('what a SendGrid event means for an address', () => {
  it('stops mail on a permanent bounce, a bad-address drop and a spam report', () => {
    expect(stopOf(event({ type: 'bounce', reason: '550 5.1.1 no such user' }))).toEqual({
      email: 'a@test.example',
      state: 'bounced',
      reason: 'Bounced: 550 5.1.1 no such user',
    })
    expect(stopOf(event({ event: 'dropped', reason: 'Invalid' }))?.state).toBe('bounced')
    expect(stopOf(event({ event: 'spamreport' }))).toEqual({
      email: 'a@test.example',
      state: 'complained',
      reason: 'Marked our email as spam',
    })
  })

  it.each([
    ['a temporary block', event({ type: 'blocked', reason: '421 later' })],
    ['a drop of an unsubscribed address', event({ event: 'dropped', reason: 'Unsubscribed Address' })],
    ['a delivery', event({ event: 'delivered' })],
    ['a built-in name as the event', event({ event: '__proto__' })],
    ['an address outside the email rule', event({ email: 'not an address' })],
  ])('changes nothing on %s', (_case, given) => {
    expect(stopOf(given)).toBeNull()
  })

  it('keeps one decision per address, a complaint winning over a bounce', () => {
    const stops = stopsOf([
      event({ email: 'A@test.example' }),
      event({ event: 'spamreport', email: 'a@test.example' }),
      event({ email: 'a@test.example', reason: 'later' }),
      event({ email: '__proto__@test.example' }),
    ])
    expect(stops).toEqual([
      { email: 'a@test.example', state: 'complained', reason: 'Marked our email as spam' },
      { email: '__proto__@test.example', state: 'bounced', reason: 'Bounced: the address does not accept mail' },
    ])
  })

  it('makes a reason one line of at most the limit', () => {
    const line = reasonLine(`a\r\nb\u0000c\u200Bd\u2028e ${'x'.repeat(500)}`)
    expect(line.startsWith('a b c d e x')).toBe(true)
    expect(line).toHaveLength(STOPPED_REASON_MAX)
  })
})
