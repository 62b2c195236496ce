// The success popup after an order is placed, linking to the holding orders (/order?type=1).
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ActionPair } from '../../../components/overlays/action-pair.tsx';
import { Overlay } from '../../../components/overlays/overlay.tsx';
import { useEscape } from '../../../components/overlays/use-overlay-focus.ts';
import { Icon } from '../../../components/icons/icons.tsx';
import type { AppOrder } from '../../../../domain/types.ts';
import '../../../components/overlays/dialog.css';
import './order-placed.css';
import { orderLots } from '../../../state/market/lot-step.ts';
import { ICON_CHECK } from '../../../components/icons/screen-icons.ts';

export interface OrderPlacedProps {
  order: AppOrder;
  onViewOrders: () => void;
  onClose: () => void;
}

export function OrderPlaced({ order, onViewOrders, onClose }: OrderPlacedProps) {
  const { t } = useTranslation();
  const pending = order.Status === 0;
  useEscape(true, onClose);
  return (
    <Overlay className="dialog-layer" onClose={onClose}>
      <div className="dialog tr-modal" role="dialog" aria-modal="true" aria-labelledby="tr-placed-title">
        <span className="tr-modal-icon">
          <Icon icon={ICON_CHECK} size={28} />
        </span>
        <h2 id="tr-placed-title" className="tr-modal-title">
          {t(pending ? 'trade.placed_pending_title' : 'trade.placed_title')}
        </h2>
        <p className="tr-modal-text">
          {t('trade.placed_text', {
            side: t(order.OrderType === 1 ? 'trade.buy_up' : 'trade.buy_low'),
            code: order.ForexTradeLists.ShowCode,
            lots: orderLots(order),
            price: order.Price,
          })}
        </p>
        <ActionPair
          className="dialog__actions"
          onBack={onClose}
          backKey="trade.continue"
          actionKey="trade.view_orders"
          action="view-orders"
          onAction={onViewOrders}
        />
      </div>
    </Overlay>
  );
}
