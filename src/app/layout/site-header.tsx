import { Menu, X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { NavLink, useLocation } from 'react-router-dom'
import type {} from './invoker-commands'
import { BrandMark } from './brand-mark'
import { NAV_LINKS, PAGES } from '#domain/route-map.ts'
import styles from './site-header.module.css'

/**
 * Top navigation; under 56rem it becomes a drawer. The drawer is a native modal <dialog>: the
 * browser traps focus inside it, makes the page behind inert and closes it on Escape. Its buttons
 * open and close it by themselves (invoker commands), so the menu works before the page's code
 * arrives; the code does the same for browsers that do not know those commands yet.
 */
const hasInvokerCommands = () => typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype

export function SiteHeader() {
  const drawer = useRef<HTMLDialogElement>(null)
  const { pathname } = useLocation()

  // Leaving the page closes the drawer.
  useEffect(() => {
    drawer.current?.close()
  }, [pathname])

  const links = (
    <ul className={styles.links}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.to === PAGES.home.path}
            className={({ isActive }) =>
              [link.to === PAGES.bookNow.path ? styles.ctaLink : '', isActive ? styles.active : ''].join(' ').trim() || undefined
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )

  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <BrandMark />
        <nav aria-label="Main" className={styles.desktopNav}>
          {links}
        </nav>
        <button
          type="button"
          className={styles.menuButton}
          aria-haspopup="dialog"
          aria-controls="site-drawer"
          commandfor="site-drawer"
          command="show-modal"
          onClick={() => {
            if (!hasInvokerCommands()) drawer.current?.showModal()
          }}
        >
          <Menu aria-hidden="true" size={24} />
          <span className="visually-hidden">Open menu</span>
        </button>
      </div>

      <dialog
        id="site-drawer"
        ref={drawer}
        className={styles.drawer}
        aria-label="Menu"
        closedby="any"
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) event.currentTarget.close()
        }}
      >
        <div className={styles.drawerPanel}>
          <div className={styles.drawerTop}>
            <BrandMark />
            <button
              type="button"
              className={styles.closeButton}
              commandfor="site-drawer"
              command="close"
              onClick={() => {
                if (!hasInvokerCommands()) drawer.current?.close()
              }}
            >
              <X aria-hidden="true" size={24} />
              <span className="visually-hidden">Close menu</span>
            </button>
          </div>
          <nav aria-label="Main" className={styles.drawerNav}>
            {links}
          </nav>
        </div>
      </dialog>
    </header>
  )
}
