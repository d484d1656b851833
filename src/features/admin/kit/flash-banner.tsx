import { CheckCircle2, CircleAlert, X } from 'lucide-react'
import type { Flash } from './use-flash'
import styles from './admin-ui.module.css'

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
      <button type="button" className={styles.flashClose} onClick={onClose}>
        <X aria-hidden="true" size={18} />
        <span className="visually-hidden">Dismiss</span>
      </button>
    </div>
  )
}
