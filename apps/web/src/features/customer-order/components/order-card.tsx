import type { Currency } from '@tavola/contract';
import { Minus, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { t as allergyText } from '@/components/allergens/messages';
import { formatMoney } from '@/lib/format';
import { t } from '../messages';

export interface CartLineView {
  /** The cart line's key: the same item on two lines is two rows. */
  key: string;
  id: string;
  name: string;
  unitPrice: number;
  quantity: number;
  /** The item's own name when `name` carries its options too (for telling lines apart). */
  itemName?: string;
  /** Its options, group by group ("Extras: Cheese", "Remove: NO Onion"). */
  options?: string[];
}

export function OrderCard({
  lines,
  total,
  currency,
  placing,
  onAdd,
  onRemove,
  onPlace,
  paused,
  chargesNote,
  allergyNote = '',
  onAllergyNoteChange,
}: {
  lines: CartLineView[];
  total: number;
  currency: Currency;
  placing: boolean;
  /** One more, or one less, of the line with this key. */
  onAdd: (key: string) => void;
  onRemove: (key: string) => void;
  onPlace: () => void;
  /** Why guests cannot order now (maintenance, guest orders off); ordering is disabled. */
  paused?: string | null | undefined;
  /** What the bill adds to these prices (tax, service charge), in a sentence. */
  chargesNote?: string | null | undefined;
  /** The guest's allergy note, sent with the order to every ticket. */
  allergyNote?: string;
  onAllergyNoteChange?: (note: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('yourOrder')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {lines.length === 0 ? (
          <p className="text-sm text-stone-600">{t('orderEmpty')}</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label={t('orderLines')}>
            {lines.map((line) => (
              <li key={line.key} className="flex items-center gap-2 py-2">
                <div className="min-w-0 flex-1">
                  {line.options?.length ? (
                    <>
                      <p className="font-medium break-words">{line.itemName ?? line.name}</p>
                      <ul className="text-sm text-stone-700">
                        {line.options.map((o) => (
                          <li key={o}>{o}</li>
                        ))}
                      </ul>
                    </>
                  ) : (
                    <p className="font-medium break-words">{line.name}</p>
                  )}
                  <p className="text-sm text-stone-600">
                    {line.quantity} × {formatMoney(line.unitPrice, currency)}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => onRemove(line.key)}
                  aria-label={t('removeLine', { name: line.name })}
                  className="inline-flex size-11 items-center justify-center rounded-full border border-stone-300 hover:bg-stone-100"
                >
                  <Minus aria-hidden className="size-4" />
                </button>
                <span className="w-6 text-center font-semibold tabular-nums">{line.quantity}</span>
                <button
                  type="button"
                  onClick={() => onAdd(line.key)}
                  disabled={Boolean(paused)}
                  aria-label={t('addLine', { name: line.name })}
                  className="inline-flex size-11 items-center justify-center rounded-full border border-stone-300 hover:bg-stone-100 disabled:opacity-40"
                >
                  <Plus aria-hidden className="size-4" />
                </button>
                <span className="w-20 text-right font-semibold tabular-nums">
                  {formatMoney(line.unitPrice * line.quantity, currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between border-t border-stone-200 pt-3 text-lg font-bold">
          <span>{t('total')}</span>
          <span className="tabular-nums" data-testid="order-total">
            {formatMoney(total, currency)}
          </span>
        </div>
        {chargesNote && <p className="text-xs text-stone-600">{chargesNote}</p>}
        {lines.length > 0 && onAllergyNoteChange && (
          <div className="space-y-1">
            <label htmlFor="allergy-note" className="text-sm font-semibold text-stone-900">
              {allergyText('allergyNote')}
            </label>
            <textarea
              id="allergy-note"
              rows={2}
              maxLength={300}
              value={allergyNote}
              onChange={(e) => onAllergyNoteChange(e.target.value)}
              aria-describedby="allergy-note-hint"
              className="w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
            />
            <p id="allergy-note-hint" className="text-xs text-stone-600">
              {allergyText('allergyNoteHint')}
            </p>
          </div>
        )}
        {paused && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{paused}</p>}
        <Button
          size="lg"
          className="w-full"
          onClick={onPlace}
          disabled={lines.length === 0 || placing || Boolean(paused)}
        >
          {placing ? t('placingOrder') : t('placeOrder')}
        </Button>
      </CardContent>
    </Card>
  );
}
