// Kept alive by the router; at ≥ 1280 px the desk layout replaces it.
import { useCallback } from 'react';
import { $currentCode } from '../../state/market/current-code.ts';
import { navigateTo } from '../../state/shell/navigator.ts';
import { afterPress } from '../../state/shell/yield-task.ts';
import { useWide } from '../../components/hooks/use-wide.ts';
import { useDesk } from '../../components/hooks/desk-slot.ts';
import { MarketPanel } from './market-panel.tsx';

export function MarketPage() {
  const wide = useWide();
  const Desk = useDesk();
  return wide && Desk ? <Desk /> : <MarketPhone />;
}

function MarketPhone() {
  const pick = useCallback((code: string, row?: Element) => {
    $currentCode.value = code;
    afterPress(row, () => navigateTo('/trade'));
  }, []);
  return (
    <div className="mk-page">
      <MarketPanel onPick={pick} scrollKey="market" />
    </div>
  );
}
