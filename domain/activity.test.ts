import { describe, expect, it } from 'vitest'
import { DEFAULT_TEXTS } from './default-texts'
import { activityLabel, activitySentence, CHANGE_FIELDS, describeChanges, describeRecord, describeTextWrite, readLine } from './activity'

const text = (section: string, key: string, value: string, type = 'text') => ({ section, key, value, type })
const time = (iso: string) => `<${iso.slice(0, 16)}>`

describe('what a history entry keeps of a change', () => {
  it('leaves out a field that went from one kind of nothing to another', () => {
    const before = { title: 'A', tags: [], excerpt: '', featuredImage: undefined, publishAt: null }
    const after = { title: 'A', excerpt: undefined, featuredImage: '', publishAt: '' }
    expect(describeChanges(before, after, CHANGE_FIELDS.post)).toEqual([])
    expect(describeRecord({ ...before, status: 'draft' }, CHANGE_FIELDS.post)).toEqual([
      { label: 'Title', value: 'A' },
      { label: 'Status', value: 'Draft' },
    ])
  })

  it('keeps a list as a list, an instant whole, codes as their labels and a picture by its file name', () => {
    const at = '2026-11-25T14:36:00.000Z'
    const before = { tags: ['giving'], status: 'draft', featuredImage: '/media/abc/old%20sunrise.jpg' }
    const after = { tags: ['giving', 'saving'], status: 'scheduled', publishAt: at, featuredImage: '/media/def/field.webp?w=800' }
    expect(describeChanges(before, after, CHANGE_FIELDS.post)).toEqual([
      { label: 'Featured image', before: 'old sunrise.jpg', after: 'field.webp' },
      { label: 'Tags', before: ['giving'], after: ['giving', 'saving'] },
      { label: 'Status', before: 'Draft', after: 'Scheduled' },
      { label: 'Publish at', kind: 'time', after: at },
    ])
    expect(describeChanges({ isActive: true, type: 'ebook' }, { isActive: false, type: 'video' }, CHANGE_FIELDS.resource)).toEqual([
      { label: 'Type', before: 'Ebook', after: 'Video' },
      { label: 'Active', before: 'Yes', after: 'No' },
    ])
    expect(describeChanges({ status: 'draft' }, { status: 'scheduled', scheduledAt: at }, CHANGE_FIELDS.newsletter)).toEqual([
      { label: 'Status', before: 'Draft', after: 'Scheduled' },
      { label: 'Scheduled for', kind: 'time', after: at },
    ])
    expect(describeChanges({ role: 'editor' }, { role: 'admin' }, CHANGE_FIELDS.user)).toEqual([
      { label: 'Role', before: 'Editor', after: 'Admin' },
    ])
  })

  it('cuts long values and long lists, and keeps a stored name that is a built-in property name as it is', () => {
    const [change] = describeChanges({ title: 'x'.repeat(500) }, { title: '__proto__' }, CHANGE_FIELDS.post)
    expect((change!.before as string).length).toBe(120)
    expect(change!.after).toBe('__proto__')
    const tags = Array.from({ length: 20 }, (_, i) => `tag-${i}`)
    expect(describeRecord({ tags }, CHANGE_FIELDS.post)).toEqual([{ label: 'Tags', value: [...tags.slice(0, 12), 'and 8 more'] }])
    expect(describeRecord({ status: 'constructor' }, CHANGE_FIELDS.post)).toEqual([{ label: 'Status', value: 'constructor' }])
  })

  it('names a text of the public pages as the Content screen does, its list by item and its picture by file name', () => {
    const services = JSON.stringify([
      { title: 'Budget coaching', text: 'Hello' },
      { title: 'Debt coaching', text: 'Hi' },
    ])
    const write = describeTextWrite(
      text('services', 'items', DEFAULT_TEXTS.services.items, 'json'),
      text('services', 'items', services, 'json'),
    )
    expect(write!.action).toBe('updated')
    expect(write!.changes).toEqual([
      {
        label: 'Services',
        before: [
          '1-1 Financial Coaching',
          'Investment Coaching',
          'Pre-Marital Financial Coaching',
          'Post-Marital Financial Coaching',
          'Speaking Engagements',
        ],
        after: ['Budget coaching', 'Debt coaching'],
      },
    ])
    expect(describeTextWrite(null, text('about', 'portrait', '/media/abc/grace.jpg', 'image'))!.changes).toEqual([
      'Replaced the built-in text',
      { label: 'Picture', after: 'grace.jpg' },
    ])
    // A text saved with the value it already had says only that.
    expect(describeTextWrite(text('home', 'heroTitle', 'Same'), text('home', 'heroTitle', 'Same'))!.changes).toEqual([])
    // A text of her own making (the stored items' view) is created and deleted as any record.
    expect(describeTextWrite(null, text('custom', 'note', 'Hi'))).toBeUndefined()
    expect(activityLabel({ subject: 'content', label: 'home / heroTitle' })).toBe('Home page · Title')
    expect(activityLabel({ subject: 'content', label: 'home / ctaTitle' })).toBe('Home page · Closing invitation · Heading')
    // A picture's description is named after its picture.
    expect(activityLabel({ subject: 'content', label: 'about / portraitAlt' })).toMatch(/^About.* · Picture description$/)
    expect(activityLabel({ subject: 'content', label: 'custom / note' })).toBe('custom / note')
    // A removal at the person's request names nobody; a cleared stop neither.
    expect(activitySentence({ action: 'erased', subject: 'subscriber', label: 'A subscriber' })).toBe(
      'removed a subscriber from the list at their request',
    )
    expect(activitySentence({ action: 'stop-cleared', subject: 'subscriber', label: 'A subscriber' })).toBe(
      'cleared the stop on a subscriber, who can get newsletters again',
    )
    expect(activityLabel({ subject: 'post', label: 'home / heroTitle' })).toBe('home / heroTitle')
    expect(activitySentence({ action: 'updated', subject: 'content', label: 'site / postalAddress' })).toBe(
      'updated the text "Every page · Postal address"',
    )
  })
})

describe('an older entry, kept as sentences', () => {
  it('reads its instants in the reader’s time, its empty values as such, and drops changes from nothing to nothing', () => {
    expect(readLine('Publish at: "2026-11-25T14:36:00.000Z" → (empty)', time)).toBe('Publish at: <2026-11-25T14:36> → (empty)')
    expect(readLine('Scheduled for 2026-11-25T14:36:00.000Z', time)).toBe('Scheduled for <2026-11-25T14:36>')
    expect(readLine('Tags: ""', time)).toBeNull()
    expect(readLine('Tags: "" → (empty)', time)).toBeNull()
    expect(readLine('Tags: "" → "giving"', time)).toBe('Tags: (empty) → "giving"')
    expect(readLine('Her other sessions were signed out', time)).toBe('Other sessions were signed out')
    expect(readLine('Title: "<script>alert(1)</script>"', time)).toBe('Title: "<script>alert(1)</script>"')
  })
})
