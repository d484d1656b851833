import { CalendarClock, FilePlus2, FileText, Newspaper, Plus, UserPlus, Users } from 'lucide-react'
import { Link } from 'react-router-dom'
import { ACTIVITY_LATEST, ACTIVITY_MESSAGES } from '#domain/activity.ts'
import { formatCount, formatDateTime } from '#domain/text.ts'
import { activityApi } from '#src/features/admin/activity/activity-api.ts'
import { shellApi } from '#src/features/admin/shell/shell-api.ts'
import { ActivityList } from '#src/features/admin/activity/activity-list.tsx'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { EmailSetupNotice, emailTransportLabel } from '#src/features/admin/shell/email-setup-notice.tsx'
import { ButtonLink } from '#src/features/admin/kit/button.tsx'
import layout from '#src/features/admin/kit/layout.module.css'
import { Details } from '#src/features/admin/kit/text.tsx'
import { DashboardStat, DashboardStats } from '#src/features/admin/shell/dashboard-stat.tsx'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { readSession } from '#src/lib/session.ts'

/** The admin panel version is a static label. */
const ADMIN_VERSION = '1.0.0'

export function DashboardPage() {
  const [stats] = useAdminData(shellApi.stats, 'Failed to load data')
  const isAdmin = readSession()?.user.role === 'admin'
  // The history is for admins (it names bookings and users); an editor's dashboard leaves it out.
  const [latest] = useAdminData(
    () => (isAdmin ? activityApi.activity({ limit: ACTIVITY_LATEST }) : Promise.resolve(null)),
    ACTIVITY_MESSAGES.loadFailed,
  )

  return (
    <>
      <AdminPageHeader title="Dashboard" description={`Welcome back, ${readSession()?.user.username ?? ''}.`} />
      <LoadState state={stats} loading="Loading dashboard…">
        {(data) => (
          <>
            <EmailSetupNotice email={data.email} />
            <DashboardStats label="Site totals">
              <DashboardStat icon={<Users size={22} />} value={formatCount(data.users)} label="Total users" />
              <DashboardStat icon={<FileText size={22} />} value={formatCount(data.contentItems)} label="Content items" />
              <DashboardStat
                icon={<CalendarClock size={22} />}
                value={data.lastUpdated ? formatDateTime(data.lastUpdated, { time: false }) : 'Never'}
                label="Last updated"
              />
            </DashboardStats>
          </>
        )}
      </LoadState>
      <Panel title="Quick actions">
        <div className={layout.actions}>
          <ButtonLink to="/admin/content" variant="secondary" icon={Plus}>
            Add content
          </ButtonLink>
          <ButtonLink to="/admin/blog-resources?new=post" icon={Newspaper}>
            New blog post
          </ButtonLink>
          <ButtonLink to="/admin/blog-resources?tab=resources&new=resource" icon={FilePlus2}>
            Add resource
          </ButtonLink>
          {isAdmin && (
            <ButtonLink to="/admin/users" icon={UserPlus}>
              Add user
            </ButtonLink>
          )}
        </div>
      </Panel>
      {isAdmin && (
        <Panel title="Latest activity">
          <LoadState state={latest} loading="Loading activity…">
            {(page) => (
              <>
                <ActivityList entries={page?.entries ?? []} empty={ACTIVITY_MESSAGES.empty} />
                <p className={layout.panelFooter}>
                  <Link to="/admin/activity">All activity</Link>
                </p>
              </>
            )}
          </LoadState>
        </Panel>
      )}
      <Panel title="System info">
        <Details
          items={[
            ['Admin panel', `Version ${ADMIN_VERSION}`],
            ['Hosting', 'Netlify (static site and functions)'],
            ['Storage', 'Netlify Blobs'],
            ['Email', stats.status === 'ready' ? emailTransportLabel(stats.data.email) : 'SendGrid'],
          ]}
        />
      </Panel>
    </>
  )
}
