import { BookOpen, FileText, Folder, LayoutTemplate, PlayCircle, type LucideIcon } from 'lucide-react'

/** One icon per type, and a folder for anything else. */
const ICONS: Record<string, LucideIcon> = {
  ebook: BookOpen,
  guide: FileText,
  template: LayoutTemplate,
  video: PlayCircle,
}

export function ResourceTypeIcon({ type, size = 28 }: { type: string; size?: number }) {
  const Icon = ICONS[type] ?? Folder
  return <Icon aria-hidden="true" size={size} strokeWidth={1.75} data-icon={ICONS[type] ? type : 'folder'} />
}
