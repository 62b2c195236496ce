// A chunk may fail to load after a deploy while offline; the boundary clears on the next navigation.
import { Component, type ReactElement, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { ICON_REFRESH } from '../../components/icons/first-icons.ts';

export function RouteError(): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="page">
      <EmptyState textKey="common.page_error" icon={ICON_REFRESH}>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      </EmptyState>
    </div>
  );
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error('route error', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** The layout included, until the location changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }): ReactElement {
  return <Boundary resetKey={useLocation().key}>{children}</Boundary>;
}
