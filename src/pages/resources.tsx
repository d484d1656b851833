import { useSearchParams } from 'react-router-dom'
import { PAGE_NAMES } from '#domain/page-titles.ts'
import type { PublicResource } from '#domain/resource.ts'
import { RESOURCE_MESSAGES, RESOURCE_TYPES, RESOURCE_TYPE_LABELS, isResourceType } from '#domain/resource-display.ts'
import { CardGrid } from '#src/components/ui/card-grid.tsx'
import { FilteredEmptyState } from '#src/components/ui/empty-state.tsx'
import { FilterBar } from '#src/components/ui/filter-bar.tsx'
import { Loading } from '#src/components/ui/loading.tsx'
import { ResourceCard } from '#src/features/resources/components/resource-card.tsx'
import { Settled } from '#src/components/ui/settled.tsx'
import { useHydrated } from '#src/lib/use-hydrated.ts'
import { usePageTexts } from './use-page-title'
import { PageHero } from '#src/components/ui/page-hero.tsx'

const TYPE_OPTIONS = [{ value: null, label: 'All' }, ...RESOURCE_TYPES.map((t) => ({ value: t, label: `${RESOURCE_TYPE_LABELS[t]}s` }))]

export function ResourcesPage({ resources }: { resources: Promise<PublicResource[]> }) {
  const hero = usePageTexts('resources', PAGE_NAMES.resources)
  const [params, setParams] = useSearchParams()
  const hydrated = useHydrated()
  const type = hydrated ? params.get('type') : null
  const selected = isResourceType(type) ? type : null
  const select = (next: string | null) => setParams(next === null ? {} : { type: next }, { replace: true })
  const showAll = () => select(null)

  return (
    <>
      <PageHero {...hero} />
      <section className="section">
        <div className="container">
          {/* The filters are drawn with the page but work only with its code: until then they are
              visibly off, like the list they filter, which also comes with the code. */}
          <FilterBar label="Filter by type" options={TYPE_OPTIONS} selected={selected} onSelect={select} disabled={!hydrated} />
          <Settled promise={resources} fallback={<Loading label="Loading resources…" reserve />}>
            {(list) => {
              const shown = selected ? list.filter((resource) => resource.type === selected) : list
              if (shown.length > 0)
                return <CardGrid label="Resources" items={shown} card={(resource, index) => <ResourceCard resource={resource} first={index === 0} />} />
              const filtered = selected ? RESOURCE_MESSAGES.emptyForType(selected) : null
              return <FilteredEmptyState filtered={filtered} messages={RESOURCE_MESSAGES} onShowAll={showAll} />
            }}
          </Settled>
        </div>
      </section>
    </>
  )
}
