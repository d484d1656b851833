import { useSearchParams } from 'react-router-dom'
import { ACTIVITY_MESSAGES, ACTIVITY_SUBJECT_LABELS, ACTIVITY_SUBJECTS, SYSTEM_ACTOR, type ActivitySubject } from '#domain/activity.ts'
import { activityApi } from '#src/features/admin/activity/activity-api.ts'
import { usersApi } from '#src/features/admin/users/users-api.ts'
import { ActivityList } from '#src/features/admin/activity/activity-list.tsx'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { Button } from '#src/features/admin/kit/button.tsx'
import { FilterRow, FilterSelect } from '#src/features/admin/kit/filter.tsx'
import layout from '#src/features/admin/kit/layout.module.css'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'

const isSubject = (value: string | null): value is ActivitySubject => ACTIVITY_SUBJECTS.includes(value as ActivitySubject)

/**
 * Activity (admins): every admin write, newest first, 50 a page, filtered by kind of record and
 * by who made it. The filters and the page are kept in the address, so a view can be shared.
 */
export function ActivityPage() {
  const [params, setParams] = useSearchParams()
  const subject = isSubject(params.get('subject')) ? (params.get('subject') as ActivitySubject) : undefined
  const actor = params.get('actor') || undefined
  const after = params.get('after') || undefined
  const [page] = useAdminData(
    () => activityApi.activity({ subject, actor, after }),
    ACTIVITY_MESSAGES.loadFailed,
    `${subject}|${actor}|${after}`,
  )
  const [people] = useAdminData(usersApi.users, ACTIVITY_MESSAGES.loadFailed)

  function show(next: { subject?: string; actor?: string; after?: string }) {
    const merged = { subject, actor, ...next }
    setParams(Object.fromEntries(Object.entries(merged).filter((pair): pair is [string, string] => Boolean(pair[1]))))
  }

  return (
    <>
      <AdminPageHeader title="Activity" description="Who changed what on the site, and when." />
      <FilterRow label="Filter activity">
        <FilterSelect
          label="Kind"
          all="Everything"
          options={Object.entries(ACTIVITY_SUBJECT_LABELS)}
          value={subject ?? ''}
          onChange={(value) => show({ subject: value })}
        />
        <FilterSelect
          label="Who"
          all="Everyone"
          options={[
            ...(people.status === 'ready' ? people.data.map((person) => [person.id, person.username] as const) : []),
            [SYSTEM_ACTOR.id, SYSTEM_ACTOR.username],
          ]}
          value={actor ?? ''}
          onChange={(value) => show({ actor: value })}
        />
      </FilterRow>
      <LoadState state={page} loading="Loading activity…">
        {(data) => (
          <>
            <ActivityList entries={data.entries} empty={subject || actor ? ACTIVITY_MESSAGES.emptyFiltered : ACTIVITY_MESSAGES.empty} />
            {(after || data.next) && (
              <nav className={layout.pager} aria-label="Activity pages">
                {after && <Button onClick={() => show({ after: undefined })}>Newest</Button>}
                {data.next && <Button onClick={() => show({ after: data.next! })}>Older</Button>}
              </nav>
            )}
          </>
        )}
      </LoadState>
    </>
  )
}
