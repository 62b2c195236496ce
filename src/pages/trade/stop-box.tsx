// A stop-profit or stop-loss box: a tick box and its price; the price is sent only while ticked.
import { PriceInput } from './price-input.tsx';
import './stop-box.css';

export interface StopBoxProps {
  field: 'stop-profit' | 'stop-loss';
  label: string;
  on: boolean;
  value: string;
  placeholder: string;
  onToggle: (on: boolean) => void;
  onChange: (value: string) => void;
}

export function StopBox({ field, label, on, value, placeholder, onToggle, onChange }: StopBoxProps) {
  return (
    <div className="tr-stop" data-on={on ? 'true' : 'false'}>
      <label className="tr-check">
        <input type="checkbox" checked={on} data-field={`${field}-on`} onChange={(e) => onToggle(e.target.checked)} />
        <span>{label}</span>
      </label>
      <PriceInput field={field} label={label} value={value} placeholder={placeholder} disabled={!on} onChange={onChange} />
    </div>
  );
}
