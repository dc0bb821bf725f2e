import {
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
import { t } from '../messages';

/**
 * The restaurant's settings as form fields, one definition each, shared by the manager's Settings
 * dialog and the admin's System tab (one form, not two that drift apart). Values are kept as
 * typed (text) or as on/off; `settingsInput` turns them into the body the contract checks.
 */
export type SettingsForm = Partial<Record<keyof RestaurantSettingsData, string | boolean>>;
export type SettingKey = keyof RestaurantSettingsData;

type Field =
  | { kind: 'text'; hint?: () => string; props?: () => Record<string, string> }
  | { kind: 'number'; hint?: () => string; step: string }
  | { kind: 'currency' }
  | { kind: 'switch'; hint: () => string };

const { orderTimeoutMinutes: timeout, maxTableCapacity: capacity } = SYSTEM_SETTING_LIMITS;

/** Each setting's kind and hint; its label is the catalog's word of the same key. */
const FIELDS: Record<SettingKey, Field> = {
  name: { kind: 'text' },
  timezone: { kind: 'text', hint: () => t('timezoneHint') },
  dayClosesAt: {
    kind: 'text',
    hint: () => t('dayClosesAtHint'),
    props: () => ({ type: 'time' }),
  },
  locale: { kind: 'text', hint: () => t('localeHint') },
  currency: { kind: 'currency' },
  exchangeRate: { kind: 'number', step: '0.0001' },
  taxRate: { kind: 'number', step: '0.01' },
  serviceCharge: { kind: 'number', step: '0.01', hint: () => t('serviceChargeHint') },
  pricesIncludeTax: { kind: 'switch', hint: () => t('pricesIncludeTaxHint') },
  publicUrl: {
    kind: 'text',
    props: () => ({ type: 'url', placeholder: 'https://order.example.com' }),
  },
  sessionIdleMinutes: {
    kind: 'number',
    step: '1',
    hint: () =>
      t('sessionIdleMinutesHint', { min: SESSION_IDLE_MINUTES_MIN, max: SESSION_IDLE_MINUTES_MAX }),
  },
  autoBackup: { kind: 'switch', hint: () => t('autoBackupHint') },
  notificationsEnabled: {
    kind: 'switch',
    hint: () => t('notificationsEnabledHint'),
  },
  maintenanceMode: { kind: 'switch', hint: () => t('maintenanceModeHint') },
  allowGuestOrders: { kind: 'switch', hint: () => t('allowGuestOrdersHint') },
  orderTimeoutMinutes: {
    kind: 'number',
    step: '1',
    hint: () => t('orderTimeoutMinutesHint', { min: timeout.min, max: timeout.max }),
  },
  maxTableCapacity: {
    kind: 'number',
    step: '1',
    hint: () => t('maxTableCapacityHint', { min: capacity.min, max: capacity.max }),
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
    const hint = 'hint' in field ? field.hint?.() : undefined;
    const label = t(key);
    if (field.kind === 'switch') {
      return (
        <Field
          key={key}
          layout="inline"
          label={label}
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
        label={label}
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
            {...(field.kind === 'number' ? { type: 'number', step: field.step } : field.props?.())}
          />
        )}
      </Field>
    );
  });
}
