import * as z from 'zod/mini'
import type { BookingRequestInput } from '#domain/booking.ts'
import { PostInputSchema, type PostInput } from '#domain/blog-post.ts'
import { ResourceInputSchema, type ResourceInput } from '#domain/resource.ts'

/**
 * Valid inputs with overrides (Epic Stack's tests/db-utils.ts style). Only the domain is imported,
 * so page tests can use these as well as function tests. Post and resource inputs come back parsed by
 * the entity schema: a factory can never hand out what the admin form would refuse.
 */
let sequence = 0
const next = () => ++sequence

export function postInput(overrides: Partial<PostInput> = {}) {
  const n = next()
  return z.parse(PostInputSchema, {
    title: `Budgeting with purpose ${n}`,
    excerpt: `Why a plan gives every dollar a job (${n}).`,
    content: `## A plan\n\nStart with **giving**, then saving, then living (${n}).`,
    status: 'draft',
    tags: ['budgeting'],
    ...overrides,
  })
}

export function resourceInput(overrides: Partial<ResourceInput> = {}) {
  const n = next()
  return z.parse(ResourceInputSchema, {
    title: `Family budget workbook ${n}`,
    description: 'A printable workbook for a monthly family budget.',
    type: 'ebook',
    fileUrl: `https://files.test.example/workbook-${n}.pdf`,
    isActive: true,
    ...overrides,
  })
}

/** A booking body exactly as the form posts it. */
export function bookingInput(overrides: Partial<Record<keyof BookingRequestInput, unknown>> = {}): Record<string, unknown> {
  const n = next()
  return {
    firstName: 'Grace',
    lastName: `Hopper ${n}`,
    email: `grace${n}@test.example`,
    phone: '+1 555 0100',
    company: 'Hope Church',
    country: 'United States',
    message: 'We would love you to speak at our stewardship weekend.',
    ...overrides,
  }
}
