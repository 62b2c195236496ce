// A route not built yet: its title bar and an empty "coming soon" state.
import type { ReactElement } from 'react';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';

export function PlaceholderPage({ titleKey, back = true }: { titleKey: string; back?: boolean }): ReactElement {
  return (
    <div className="page" data-placeholder={titleKey}>
      <TitleBar titleKey={titleKey} back={back} />
      <EmptyState textKey="common.coming_soon" hintKey="common.coming_soon_hint" />
    </div>
  );
}
