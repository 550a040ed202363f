import { useMatches } from 'react-router';
import { SectionPage } from '../../../features/sections/components/section-page';
import type { RouteHandle } from '../../router';
import { canUseSection, getSection, sections, type RouteMeta } from '../../route-table';
import { useWorkingContext } from '../../working-context';

function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  return (matches.at(-1)?.handle as RouteHandle | undefined)?.meta;
}

/** A dashboard screen that a later issue builds: its section's page, titled from the route table. */
export function SectionRoute() {
  const meta = useRouteMeta();
  const { access, me } = useWorkingContext();
  if (!meta?.section) return null;
  const section = getSection(meta.section);
  const isSectionHome = meta.path === section.path;
  const related = section.related
    .map((id) => sections.find((s) => s.id === id)!)
    .filter((s) => canUseSection(s, access))
    .map((s) => ({ label: s.name, to: s.path }));
  return (
    <SectionPage
      name={section.name}
      screenTitle={isSectionHome ? undefined : meta.title}
      summary={section.summary}
      related={related}
      isOutsideRole={Boolean(me.data) && !canUseSection(section, access)}
    />
  );
}

export { SectionRoute as Component };
