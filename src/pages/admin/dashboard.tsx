import { CalendarClock, FilePlus2, FileText, Newspaper, Plus, UserPlus, Users } from 'lucide-react'
import { Link } from 'react-router-dom'
import { formatLongDate } from '../../../domain/text'
import { Loading } from '../../components/ui/loading'
import { adminApi } from '../../features/admin/api/admin-api'
import { AdminPageHeader } from '../../features/admin/components/admin-page-header'
import { EmailSetupNotice, emailTransportLabel } from '../../features/admin/components/email-setup-notice'
import styles from '../../features/admin/components/admin-ui.module.css'
import { useAdminData } from '../../features/admin/use-admin-data'
import { readSession } from '../../lib/session'

/** The admin panel version is a static label. */
const ADMIN_VERSION = '1.0.0'

export function DashboardPage() {
  const [stats] = useAdminData(adminApi.stats, 'Failed to load data')
  const isAdmin = readSession()?.user.role === 'admin'

  return (
    <>
      <AdminPageHeader title="Dashboard" description={`Welcome back, ${readSession()?.user.username ?? ''}.`} />
      {stats.status === 'loading' && <Loading label="Loading dashboard…" />}
      {stats.status === 'error' && (
        <p className="notice notice-error" role="alert">
          {stats.error}
        </p>
      )}
      {stats.status === 'ready' && <EmailSetupNotice email={stats.data.email} />}
      {stats.status === 'ready' && (
        <ul className={styles.statGrid} aria-label="Site totals">
          <Stat icon={<Users size={22} />} value={String(stats.data.users)} label="Total users" />
          <Stat icon={<FileText size={22} />} value={String(stats.data.contentItems)} label="Content items" />
          <Stat
            icon={<CalendarClock size={22} />}
            value={stats.data.lastUpdated ? formatLongDate(stats.data.lastUpdated) : 'Never'}
            label="Last updated"
          />
        </ul>
      )}
      <section className={styles.panel} aria-labelledby="quick-actions">
        <h2 id="quick-actions" className={styles.panelTitle}>
          Quick actions
        </h2>
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
      </section>
      <section className={styles.panel} aria-labelledby="system-info">
        <h2 id="system-info" className={styles.panelTitle}>
          System info
        </h2>
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
      </section>
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
