// Kept alive by the router; at ≥ 1280 px the desk layout replaces it.
import { tradeInstrument } from '../../state/market/current-code.ts';
import { useWide } from '../../components/hooks/use-wide.ts';
import { useDesk } from '../../components/hooks/desk-slot.ts';
import { MarketPanel } from './market-panel.tsx';

export function MarketPage() {
  const wide = useWide();
  const Desk = useDesk();
  return wide && Desk ? (
    <Desk />
  ) : (
    <div className="mk-page">
      <MarketPanel onPick={tradeInstrument} scrollKey="market" />
    </div>
  );
}
