import {
  CalendarCheck,
  CalendarClock,
  ExternalLink,
  FileText,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  Users,
  History,
  Images,
  Newspaper,
  Send,
  X,
} from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, NavLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { setSessionEndedHandler } from '#src/lib/api-client.ts'
import type { EndpointContract } from '#domain/api/contract.ts'
import { adminAvailability } from '#domain/api/booking.ts'
import { adminBookings } from '#domain/api/mail.ts'
import { adminActivity } from '#domain/api/posts.ts'
import { clearSession, readSession } from '#src/lib/session.ts'
import { shellApi } from './shell-api'
import styles from './admin-layout.module.css'

const ACCOUNT_PATH = '/admin/account'

/** A screen is offered to admins only when the call it is built on is theirs only (its contract, domain/api/). */
const adminsOnly = (contract: EndpointContract) => contract.methods.GET?.access === 'admin'

const NAV: { to: string; label: string; icon: typeof Users; end?: true; adminOnly?: boolean }[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/content', label: 'Content', icon: FileText },
  { to: '/admin/blog-resources', label: 'Blog & Resources', icon: Newspaper },
  { to: '/admin/media', label: 'Media', icon: Images },
  { to: '/admin/subscribers', label: 'Subscribers', icon: Mail },
  { to: '/admin/newsletters', label: 'Newsletters', icon: Send },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/bookings', label: 'Bookings', icon: CalendarCheck, adminOnly: adminsOnly(adminBookings) },
  { to: '/admin/availability', label: 'Availability', icon: CalendarClock, adminOnly: adminsOnly(adminAvailability) },
  { to: '/admin/activity', label: 'Activity', icon: History, adminOnly: adminsOnly(adminActivity) },
  { to: ACCOUNT_PATH, label: 'My account', icon: KeyRound },
]

/** The screen a path belongs to: the Dashboard only at its own address, any other by its start. */
const screenOf = (pathname: string) =>
  NAV.find((item) => (item.end ? pathname.replace(/\/$/, '') === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`)))

/**
 * On a phone the links would fill the first screen of every page, so there they wait behind a
 * Menu button (the current screen named beside it): it opens them over nothing else, and Escape,
 * the button again or following a link closes them. On wider screens the sidebar is as it was and
 * the button is not shown.
 */
function useMenu() {
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  // Following a link closes it (set while rendering the new address, as React advises).
  const [shownFor, setShownFor] = useState(pathname)
  if (shownFor !== pathname) {
    setShownFor(pathname)
    setOpen(false)
  }
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])
  return { open, button, toggle: () => setOpen((value) => !value) }
}

/** No stored session (or an unreadable one) means the login page (docs/product.md, Admin panel). */
export function AdminLayout() {
  const session = readSession()
  const navigate = useNavigate()
  const location = useLocation()
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem('adminSidebar') === 'collapsed')
  const { open: menuOpen, button: menuButton, toggle: toggleMenu } = useMenu()

  useEffect(() => {
    // Any admin call answered 401 (expired or revoked token) ends the session here.
    setSessionEndedHandler(() => {
      clearSession()
      navigate('/admin/login', { replace: true })
    })
    return () => setSessionEndedHandler(() => {})
  }, [navigate])

  useEffect(() => {
    document.title = 'Admin | Faithful Finances'
  }, [])

  if (!session) return <Navigate to="/admin/login" replace />
  // After an admin's reset, choosing a new password comes before anything else.
  if (session.user.mustChangePassword && location.pathname !== ACCOUNT_PATH) return <Navigate to={ACCOUNT_PATH} replace />

  async function logout() {
    // The result of the call is ignored; the session ends either way.
    await shellApi.logout().catch(() => {})
    clearSession()
    navigate('/admin/login', { replace: true })
  }

  function toggle() {
    setCollapsed((value) => {
      localStorage.setItem('adminSidebar', value ? 'open' : 'collapsed')
      return !value
    })
  }

  return (
    <div className={`${styles.shell} ${collapsed ? styles.collapsed : ''} ${menuOpen ? styles.menuOpen : ''}`}>
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <aside className={styles.sidebar}>
        <div className={styles.brandRow}>
          <Link to="/admin" className={styles.brand}>
            <span className={`icon-tile ${styles.brandMark}`} aria-hidden="true">
              F
            </span>
            <span className={styles.label}>Admin</span>
          </Link>
          <button type="button" className={styles.collapse} onClick={toggle} aria-expanded={!collapsed} aria-controls="admin-nav">
            {collapsed ? <PanelLeftOpen aria-hidden="true" size={20} /> : <PanelLeftClose aria-hidden="true" size={20} />}
            <span className="visually-hidden">{collapsed ? 'Expand sidebar' : 'Collapse sidebar'}</span>
          </button>
          <span className={styles.current}>{screenOf(location.pathname)?.label}</span>
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            onClick={toggleMenu}
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
          >
            {menuOpen ? <X aria-hidden="true" size={20} /> : <Menu aria-hidden="true" size={20} />}
            Menu
          </button>
        </div>
        <div id="admin-menu" className={styles.menu}>
          <nav id="admin-nav" aria-label="Admin">
            <ul className={styles.nav}>
              {NAV.filter((item) => !item.adminOnly || session.user.role === 'admin').map(({ to, label, icon: Icon, ...rest }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={'end' in rest}
                    className={({ isActive }) => (isActive ? styles.active : undefined)}
                    title={collapsed ? label : undefined}
                  >
                    <Icon aria-hidden="true" size={20} />
                    <span className={styles.label}>{label}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.footer}>
            <a href="/" target="_blank" rel="noopener noreferrer" className={styles.viewSite} title={collapsed ? 'View Site' : undefined}>
              <ExternalLink aria-hidden="true" size={18} />
              <span className={styles.label}>View Site</span>
            </a>
            <div className={styles.user}>
              <span className={styles.avatar} aria-hidden="true">
                {session.user.username.charAt(0).toUpperCase()}
              </span>
              <span className={styles.label}>
                <span className={styles.userName}>{session.user.username}</span>
                <span className={styles.role}>{session.user.role === 'admin' ? 'Admin' : 'Editor'}</span>
              </span>
            </div>
            <button type="button" className={styles.logout} onClick={logout} title={collapsed ? 'Logout' : undefined}>
              <LogOut aria-hidden="true" size={18} />
              <span className={styles.label}>Logout</span>
            </button>
          </div>
        </div>
      </aside>
      <main id="admin-main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  )
}
