import { CheckCircle2, CircleAlert, X } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Flash } from './use-flash'
import styles from './flash-banner.module.css'

export function FlashBanner({ flash, onClose }: { flash: Flash; onClose: () => void }) {
  if (!flash) return null
  const Icon = flash.kind === 'success' ? CheckCircle2 : CircleAlert
  return (
    <div className={`notice notice-${flash.kind} ${styles.flash}`}>
      <Icon aria-hidden="true" size={20} />
      {/* Only the message is announced, not the Dismiss button's name. */}
      <span role={flash.kind === 'error' ? 'alert' : 'status'} className="flash-text">
        {flash.text}
      </span>
      <button type="button" className={styles.close} onClick={onClose}>
        <X aria-hidden="true" size={18} />
        <span className="visually-hidden">Dismiss</span>
      </button>
    </div>
  )
}

/** A standing word where the banner goes (what she must do first), without a close button. */
export function StatusBanner({ children }: { children: ReactNode }) {
  return (
    <p className={`notice notice-warning ${styles.flash}`} role="status">
      {children}
    </p>
  )
}
