import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SYSTEM_ACTOR, type ActivityEntry } from '#domain/activity.ts'
import * as posts from '#domain/api/posts.ts'
import { formatDateTime } from '#domain/text.ts'
import { session } from '#src/testing/factories.ts'
import { mock } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { server } from '#src/testing/server.ts'

const AT = '2026-11-25T14:36:00.000Z'
const LATER = '2026-12-01T08:00:00.000Z'
let n = 0
const entry = (fields: Pick<ActivityEntry, 'action' | 'subject' | 'label'> & Partial<ActivityEntry>): ActivityEntry => ({
  id: `e${++n}`,
  at: AT,
  actor: { id: 'u1', username: 'grace' },
  recordId: `r${n}`,
  changes: [],
  ...fields,
})

/** One entry of every kind the functions record, as they store it (older sentence-only entries too). */
const ENTRIES: ActivityEntry[] = [
  entry({
    action: 'updated',
    subject: 'post',
    label: 'Giving First',
    changes: [
      { label: 'Title', before: 'Giving', after: 'Giving First' },
      { label: 'Content', kind: 'long' },
      { label: 'Tags', before: ['giving'], after: ['giving', 'saving'] },
      { label: 'Status', before: 'Draft', after: 'Scheduled' },
      { label: 'Publish at', kind: 'time', after: LATER },
    ],
  }),
  entry({
    action: 'published',
    subject: 'post',
    label: 'Giving First',
    actor: SYSTEM_ACTOR,
    changes: [{ label: 'Scheduled for', kind: 'time', value: LATER }],
  }),
  // Written before changes were kept as data: ISO times, empty values and "Her".
  entry({
    action: 'created',
    subject: 'post',
    label: 'Old post',
    changes: [`Publish at: "${LATER}"`, 'Tags: ""', 'Excerpt: "" → (empty)', 'Status: "draft"'],
  }),
  entry({ action: 'updated', subject: 'resource', label: 'Budget sheet', changes: [{ label: 'Active', before: 'Yes', after: 'No' }] }),
  entry({
    action: 'updated',
    subject: 'content',
    label: 'home / heroTitle',
    changes: ['Replaced the built-in text', { label: 'Text', before: 'Old', after: 'New' }],
  }),
  entry({
    action: 'updated',
    subject: 'content',
    label: 'services / items',
    changes: [{ label: 'Services', before: ['Coaching'], after: ['Coaching', 'Talks'] }],
  }),
  entry({ action: 'created', subject: 'content', label: 'custom / note', changes: [{ label: 'Value', value: 'Hi' }] }),
  entry({
    action: 'scheduled',
    subject: 'newsletter',
    label: 'December letter',
    changes: [{ label: 'Scheduled for', kind: 'time', value: LATER }],
  }),
  entry({ action: 'scheduled', subject: 'newsletter', label: 'Old letter', changes: [`Scheduled for ${LATER}`] }),
  entry({ action: 'sent', subject: 'newsletter', label: 'December letter' }),
  entry({ action: 'created', subject: 'user', label: 'ruth', changes: [{ label: 'Role', value: 'Editor' }] }),
  entry({ action: 'password-reset', subject: 'user', label: 'ruth', changes: ['Must choose a new password at next sign-in'] }),
  entry({ action: 'password-changed', subject: 'user', label: 'grace', changes: ['Her other sessions were signed out'] }),
  entry({ action: 'signed-out', subject: 'user', label: 'grace', changes: ['Every session ended'] }),
  entry({ action: 'owner-handed-over', subject: 'user', label: 'deputy', changes: ['Owner: "grace" → "deputy"'] }),
  entry({ action: 'updated', subject: 'booking', label: 'Ada Obi', changes: [{ label: 'Status', before: 'New', after: 'Handled' }] }),
  entry({ action: 'uploaded', subject: 'media', label: 'sunrise.jpg', changes: ['Type: "JPEG image"', 'Size: "1.2 MB"'] }),
  entry({ action: 'deleted', subject: 'media', label: 'sunrise.jpg', changes: ['Was used in the post "Giving First"'] }),
  entry({ action: 'exported', subject: 'subscriber', label: 'Subscriber list', changes: ['2,500 addresses, as a CSV file'] }),
  entry({
    action: 'imported',
    subject: 'subscriber',
    label: 'Subscriber list',
    changes: ['Rows 2–6: 2 added as confirmed, 0 already subscribed, 3 refused'],
  }),
]

async function openActivity(entries: ActivityEntry[]) {
  server.use(...mock(posts.adminActivity, 'GET', () => ({ entries, next: null })))
  await renderRoute('/admin/activity', { session: session({ role: 'admin' }) })
}

const lineOf = (sentence: string) => screen.getAllByRole('listitem').find((li) => li.querySelector('p')?.textContent?.includes(sentence))!

describe('Activity in her words', () => {
  it('writes every kind of entry without keys, stored codes, ISO times or empty changes', async () => {
    await openActivity(ENTRIES)
    await screen.findByText(/updated the post "Giving First"/)
    const page = document.querySelector('ol')!.textContent!

    expect(page).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)
    expect(page).not.toMatch(/""|home \/ heroTitle|services \/ items|Her other/)
    expect(page).not.toMatch(/Tags: \(empty\)|Excerpt:/)

    const later = formatDateTime(LATER)
    expect(lineOf('updated the post "Giving First"').textContent).toContain(`Publish at: (empty) → ${later}`)
    expect(lineOf('published the post').textContent).toContain(`Scheduled for: ${later}`)
    expect(lineOf('created the post "Old post"').textContent).toContain(`Publish at: ${later}`)
    expect(lineOf('scheduled the newsletter "Old letter"').textContent).toContain(`Scheduled for ${later}`)
    expect(lineOf('scheduled the newsletter "December letter"').textContent).toContain(`Scheduled for: ${later}`)
    expect(screen.getAllByText(formatDateTime(AT)).length).toBe(ENTRIES.length)

    // A list reads as a list, item by item.
    const tags = within(lineOf('updated the post "Giving First"'))
      .getByText(/^Tags:/)
      .closest('li')!
    expect(
      within(tags)
        .getAllByRole('list')
        .map((list) =>
          within(list)
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ),
    ).toEqual([['giving'], ['giving', 'saving']])
    const services = within(lineOf('updated the text "Services page · Services"')).getAllByRole('list')
    expect(
      within(services.at(-1)!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Coaching', 'Talks'])

    expect(lineOf('updated the text "Home page · Title"').textContent).toContain('Text: “Old” → “New”')
    expect(lineOf('created the text "custom / note"')).toBeTruthy()
    expect(lineOf('updated the post "Giving First"').textContent).toContain('Content changed')
    expect(lineOf('updated the resource').textContent).toContain('Active: “Yes” → “No”')
    expect(lineOf('updated the booking from "Ada Obi"').textContent).toContain('Status: “New” → “Handled”')
    expect(lineOf('created the user "ruth"').textContent).toContain('Role: “Editor”')
    expect(lineOf('changed their own password').textContent).toContain('Other sessions were signed out')
    expect(lineOf('reset the password of "ruth"')).toBeTruthy()
    expect(lineOf('signed out of every session')).toBeTruthy()
    expect(lineOf('handed ownership of the site to "deputy"')).toBeTruthy()
    expect(lineOf('uploaded the file "sunrise.jpg"').textContent).toContain('Size: "1.2 MB"')
    expect(lineOf('deleted the file "sunrise.jpg"')).toBeTruthy()
    expect(lineOf('exported the subscriber list').textContent).toContain('2,500 addresses')
    expect(lineOf('imported subscribers into the list')).toBeTruthy()
    expect(lineOf('started sending the newsletter "December letter"')).toBeTruthy()
  })

  it('shows a title with markup as text', async () => {
    await openActivity([
      entry({
        action: 'created',
        subject: 'post',
        label: '<img src=x onerror=alert(1)>',
        changes: [{ label: 'Title', value: '<b>bold</b>' }],
      }),
    ])
    expect(await screen.findByText(/created the post "<img src=x onerror=alert\(1\)>"/)).toBeTruthy()
    expect(document.querySelector('ol img, ol b')).toBeNull()
  })
})
