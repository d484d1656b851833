import { Download, Upload } from 'lucide-react'
import { Button } from '#src/features/admin/kit/button.tsx'

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
    <>
      <Button icon={Upload} aria-expanded={importOpen} onClick={onToggleImport}>
        Import CSV
      </Button>
      <Button icon={Download} onClick={onExport} busy={exporting} busyLabel="Exporting…">
        Export CSV
      </Button>
    </>
  )
}
