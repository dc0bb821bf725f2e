import {
  NOTIFICATIONS_SWITCH_HELP,
  restaurantSettingsSchema,
  SESSION_IDLE_MINUTES_MAX,
  SESSION_IDLE_MINUTES_MIN,
  SYSTEM_SETTING_LIMITS,
  type RestaurantSettings,
  type RestaurantSettingsData,
} from '@tavola/contract';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { validate, type Checked } from '@/lib/validate';

/**
 * The restaurant's settings as form fields, one definition each, shared by the manager's Settings
 * dialog and the admin's System tab (one form, not two that drift apart). Values are kept as
 * typed (text) or as on/off; `settingsInput` turns them into the body the contract checks.
 */
export type SettingsForm = Partial<Record<keyof RestaurantSettingsData, string | boolean>>;
export type SettingKey = keyof RestaurantSettingsData;

type Field =
  | { kind: 'text'; label: string; hint?: string; props?: Record<string, string> }
  | { kind: 'number'; label: string; hint?: string; step: string }
  | { kind: 'currency'; label: string }
  | { kind: 'switch'; label: string; hint: string };

const { orderTimeoutMinutes: timeout, maxTableCapacity: capacity } = SYSTEM_SETTING_LIMITS;

const FIELDS: Record<SettingKey, Field> = {
  name: { kind: 'text', label: 'Restaurant name' },
  timezone: {
    kind: 'text',
    label: 'Timezone',
    hint: 'An IANA time zone, e.g. Europe/Rome or America/New_York: every screen and report keeps this clock.',
  },
  dayClosesAt: {
    kind: 'text',
    label: 'Business day ends at',
    hint: 'When the day’s Z report closes (00:00 to 12:00): 04:00 keeps a night past midnight in one business day. Closing the day early starts the next one at once.',
    props: { type: 'time' },
  },
  locale: {
    kind: 'text',
    label: 'Language',
    hint: 'The language of the guest pages, receipts and emails: en (English) for now.',
  },
  currency: { kind: 'currency', label: 'Currency' },
  exchangeRate: { kind: 'number', label: 'Exchange rate (1 EUR in USD)', step: '0.0001' },
  taxRate: { kind: 'number', label: 'Tax rate (%)', step: '0.01' },
  serviceCharge: {
    kind: 'number',
    label: 'Service charge (%)',
    step: '0.01',
    hint: 'Added to every bill, on the goods; tax is charged on it too.',
  },
  pricesIncludeTax: {
    kind: 'switch',
    label: 'Prices include tax',
    hint: 'On: menu prices already hold the tax (the EU habit). Off: tax is added to the bill (the US habit). Orders already placed keep theirs.',
  },
  publicUrl: {
    kind: 'text',
    label: 'Public URL for QR codes',
    props: { type: 'url', placeholder: 'https://order.example.com' },
  },
  sessionIdleMinutes: {
    kind: 'number',
    label: 'Free idle tables after (minutes)',
    step: '1',
    hint: `A seated table where nobody has ordered is freed after this long without a scan, order or request (${SESSION_IDLE_MINUTES_MIN} to ${SESSION_IDLE_MINUTES_MAX} minutes).`,
  },
  autoBackup: {
    kind: 'switch',
    label: 'Auto backup',
    hint: 'Back up the restaurant automatically, on the Backup tab’s schedule.',
  },
  notificationsEnabled: {
    kind: 'switch',
    label: 'Notifications',
    hint: NOTIFICATIONS_SWITCH_HELP,
  },
  maintenanceMode: {
    kind: 'switch',
    label: 'Maintenance mode',
    hint: 'Guests see a notice and cannot order from their phones; staff screens work as usual.',
  },
  allowGuestOrders: {
    kind: 'switch',
    label: 'Allow guest orders',
    hint: 'Off: guests cannot order from their phones (they are told to ask a member of staff).',
  },
  orderTimeoutMinutes: {
    kind: 'number',
    label: 'Order timeout (minutes)',
    step: '1',
    hint: `An order no station has started after this long becomes urgent and the manager is told; it is never cancelled (${timeout.min} to ${timeout.max} minutes).`,
  },
  maxTableCapacity: {
    kind: 'number',
    label: 'Max table capacity (guests)',
    step: '1',
    hint: `The most guests a table may seat and a party may number (${capacity.min} to ${capacity.max}).`,
  },
};

const SWITCHES = new Set<SettingKey>(
  (Object.keys(FIELDS) as SettingKey[]).filter((k) => FIELDS[k].kind === 'switch'),
);
const NUMBERS = new Set<SettingKey>(
  (Object.keys(FIELDS) as SettingKey[]).filter((k) => FIELDS[k].kind === 'number'),
);

/** The stored settings as form values. */
export function settingsForm(data: RestaurantSettingsData): SettingsForm {
  const form: SettingsForm = {};
  for (const [key, value] of Object.entries(data) as [
    SettingKey,
    string | number | boolean | null | undefined,
  ][]) {
    if (value === undefined) continue;
    form[key] = typeof value === 'boolean' ? value : value === null ? '' : String(value);
  }
  return form;
}

/**
 * The PUT body: the stored settings with the shown fields' values, checked by the contract's
 * schema (the server's own words when something is wrong).
 */
export function settingsInput(
  data: RestaurantSettingsData,
  form: SettingsForm,
  shown: readonly SettingKey[],
): Checked<RestaurantSettings> {
  const body: Record<string, unknown> = { ...data };
  for (const key of shown) {
    const value = form[key];
    if (SWITCHES.has(key)) body[key] = value === true;
    else if (NUMBERS.has(key))
      body[key] = typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
    // Unknown to an older server's settings: left out, it stays as it is.
    else if (key === 'dayClosesAt') {
      if (typeof value === 'string' && value) body[key] = value;
      else delete body[key];
    } else if (key === 'publicUrl')
      body[key] = typeof value === 'string' && value.trim() ? value.trim() : null;
    else body[key] = typeof value === 'string' ? value : '';
  }
  return validate(restaurantSettingsSchema, body);
}

/** The named fields, laid out in a two-column grid by the caller. */
export function SettingsFields({
  form,
  onChange,
  fields,
  idPrefix = 'set',
}: {
  form: SettingsForm;
  onChange: (key: SettingKey, value: string | boolean) => void;
  fields: readonly SettingKey[];
  idPrefix?: string;
}) {
  return fields.map((key) => {
    const field = FIELDS[key];
    const id = `${idPrefix}-${key}`;
    const hint = 'hint' in field ? field.hint : undefined;
    if (field.kind === 'switch') {
      return (
        <Field
          key={key}
          layout="inline"
          label={field.label}
          id={id}
          hint={hint}
          className="sm:col-span-2"
        >
          <Switch
            checked={form[key] === true}
            onCheckedChange={(checked) => onChange(key, checked)}
            className="mt-0.5"
          />
        </Field>
      );
    }
    return (
      <Field
        key={key}
        label={field.label}
        id={id}
        hint={hint}
        className={key === 'name' || hint ? 'space-y-1 sm:col-span-2' : 'space-y-1'}
      >
        {field.kind === 'currency' ? (
          <Select
            value={String(form[key] ?? 'eur')}
            onChange={(e) => onChange(key, e.target.value)}
          >
            <option value="eur">EUR</option>
            <option value="usd">USD</option>
          </Select>
        ) : (
          <Input
            value={String(form[key] ?? '')}
            onChange={(e) => onChange(key, e.target.value)}
            // No min/max: the browser's own refusal would hide the contract's words.
            {...(field.kind === 'number' ? { type: 'number', step: field.step } : field.props)}
          />
        )}
      </Field>
    );
  });
}
