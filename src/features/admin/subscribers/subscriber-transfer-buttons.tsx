import { Download, Upload } from 'lucide-react'
import styles from './subscriber-transfer.module.css'

/** The Subscribers page's Import CSV and Export CSV buttons, side by side in the page header. */
export function SubscriberTransferButtons({
  importOpen,
  exporting,
  onToggleImport,
  onExport,
}: {
  importOpen: boolean
  exporting: boolean
  onToggleImport: () => void
  onExport: () => void
}) {
  return (
    <div className={styles.toolbar}>
      <button type="button" className="btn btn-outline btn-small" aria-expanded={importOpen} onClick={onToggleImport}>
        <Upload aria-hidden="true" size={18} /> Import CSV
      </button>
      <button type="button" className="btn btn-outline btn-small" onClick={onExport} disabled={exporting}>
        <Download aria-hidden="true" size={18} /> {exporting ? 'Exporting…' : 'Export CSV'}
      </button>
    </div>
  )
}
