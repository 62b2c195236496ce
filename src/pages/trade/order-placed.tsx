// The success popup after an order is placed, linking to the holding orders (/order?type=1).
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useEscape } from '../../components/use-escape.ts';
import { Icon } from '../../components/icons.tsx';
import type { Order } from '../../domain/types.ts';
import './order-placed.css';

export interface OrderPlacedProps {
  order: Order;
  onViewOrders: () => void;
  onClose: () => void;
}

export function OrderPlaced({ order, onViewOrders, onClose }: OrderPlacedProps) {
  const { t } = useTranslation();
  const pending = order.Status === 0;
  useEscape(true, onClose);
  return createPortal(
    <div className="tr-modal-root">
      <div className="tr-modal-scrim" onClick={onClose} aria-hidden="true" />
      <div className="tr-modal" role="dialog" aria-modal="true" aria-labelledby="tr-placed-title">
        <span className="tr-modal-icon">
          <Icon name="check" size={28} />
        </span>
        <h2 id="tr-placed-title" className="tr-modal-title">
          {t(pending ? 'trade.placed_pending_title' : 'trade.placed_title')}
        </h2>
        <p className="tr-modal-text">
          {t('trade.placed_text', {
            side: t(order.OrderType === 1 ? 'trade.buy_up' : 'trade.buy_low'),
            code: order.ForexTradeLists.ShowCode,
            lots: order.Quantity,
            price: order.Price,
          })}
        </p>
        <div className="tr-modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('trade.continue')}
          </button>
          <button type="button" className="btn btn-primary" data-action="view-orders" onClick={onViewOrders}>
            {t('trade.view_orders')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
