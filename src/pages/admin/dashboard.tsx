import { CalendarClock, FilePlus2, FileText, Newspaper, Plus, UserPlus, Users } from 'lucide-react'
import { Link } from 'react-router-dom'
import { ACTIVITY_LATEST, ACTIVITY_MESSAGES } from '#domain/activity.ts'
import { formatLongDate } from '#domain/text.ts'
import { adminApi } from '#src/features/admin/kit/admin-api.ts'
import { ActivityList } from '#src/features/admin/activity/activity-list.tsx'
import { AdminPageHeader } from '#src/features/admin/kit/admin-page-header.tsx'
import { EmailSetupNotice, emailTransportLabel } from '#src/features/admin/shell/email-setup-notice.tsx'
import styles from '#src/features/admin/kit/admin-ui.module.css'
import { LoadState } from '#src/features/admin/kit/load-state.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { useAdminData } from '#src/features/admin/kit/use-admin-data.ts'
import { readSession } from '#src/lib/session.ts'

/** The admin panel version is a static label. */
const ADMIN_VERSION = '1.0.0'

export function DashboardPage() {
  const [stats] = useAdminData(adminApi.stats, 'Failed to load data')
  const isAdmin = readSession()?.user.role === 'admin'
  // The history is for admins (it names bookings and users); an editor's dashboard leaves it out.
  const [latest] = useAdminData(
    () => (isAdmin ? adminApi.activity({ limit: ACTIVITY_LATEST }) : Promise.resolve(null)),
    ACTIVITY_MESSAGES.loadFailed,
  )

  return (
    <>
      <AdminPageHeader title="Dashboard" description={`Welcome back, ${readSession()?.user.username ?? ''}.`} />
      <LoadState state={stats} loading="Loading dashboard…">
        {(data) => (
          <>
            <EmailSetupNotice email={data.email} />
            <ul className={styles.statGrid} aria-label="Site totals">
              <Stat icon={<Users size={22} />} value={String(data.users)} label="Total users" />
              <Stat icon={<FileText size={22} />} value={String(data.contentItems)} label="Content items" />
              <Stat
                icon={<CalendarClock size={22} />}
                value={data.lastUpdated ? formatLongDate(data.lastUpdated) : 'Never'}
                label="Last updated"
              />
            </ul>
          </>
        )}
      </LoadState>
      <Panel title="Quick actions">
        <div className={styles.quickActions}>
          <Link to="/admin/content" className="btn btn-secondary btn-small">
            <Plus aria-hidden="true" size={18} /> Add content
          </Link>
          <Link to="/admin/blog-resources?new=post" className="btn btn-outline btn-small">
            <Newspaper aria-hidden="true" size={18} /> New blog post
          </Link>
          <Link to="/admin/blog-resources?tab=resources&new=resource" className="btn btn-outline btn-small">
            <FilePlus2 aria-hidden="true" size={18} /> Add resource
          </Link>
          {isAdmin && (
            <Link to="/admin/users" className="btn btn-outline btn-small">
              <UserPlus aria-hidden="true" size={18} /> Add user
            </Link>
          )}
        </div>
      </Panel>
      {isAdmin && (
        <Panel title="Latest activity">
          <LoadState state={latest} loading="Loading activity…">
            {(page) => (
              <>
                <ActivityList entries={page?.entries ?? []} empty={ACTIVITY_MESSAGES.empty} />
                <p className={styles.panelFooter}>
                  <Link to="/admin/activity">All activity</Link>
                </p>
              </>
            )}
          </LoadState>
        </Panel>
      )}
      <Panel title="System info">
        <dl className={styles.infoList}>
          <dt>Admin panel</dt>
          <dd>Version {ADMIN_VERSION}</dd>
          <dt>Hosting</dt>
          <dd>Netlify (static site and functions)</dd>
          <dt>Storage</dt>
          <dd>Netlify Blobs</dd>
          <dt>Email</dt>
          <dd>{stats.status === 'ready' ? emailTransportLabel(stats.data.email) : 'SendGrid'}</dd>
        </dl>
      </Panel>
    </>
  )
}

function Stat({ icon, value, label }: { icon: React.ReactNode; value: string; label: string }) {
  return (
    <li className={`${styles.panel} ${styles.stat}`}>
      <span className={styles.statIcon} aria-hidden="true">
        {icon}
      </span>
      <span>
        <span className={styles.statValue}>{value}</span>
        <span className={styles.statLabel}>{label}</span>
      </span>
    </li>
  )
}
