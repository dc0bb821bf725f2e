import { RECOVERY_CODE_COUNT, type TwoFactorSetup } from '@tavola/contract';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form, FormAlert, FormSubmit, problemText, refuse } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useRestaurantTimeZone } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactor } from '../api/get-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { t } from '../messages';

/**
 * The signed-in admin's, manager's or team member's own two-factor sign-in: set it up (QR code or
 * key, then a first code), keep the recovery codes shown once, or turn it off with a code.
 * `onSaved` runs once the recovery codes are put away.
 */
export function TwoFactorPanel({ onSaved }: { onSaved?: () => void } = {}) {
  const { data, isError, error } = useTwoFactor();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const timeZone = useRestaurantTimeZone();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onStart = async () => {
    setProblem(null);
    try {
      setPending(await setup.mutateAsync());
      setCode('');
    } catch (err) {
      setProblem(problemText(err));
    }
  };

  const onEnable = () => {
    if (!code.trim()) refuse(t('enterSetupCode'));
    return enable.mutateAsync({ code: code.trim() });
  };

  const onDisable = () => {
    if (!code.trim()) refuse(t('enterOffCode'));
    return disable.mutateAsync({ code: code.trim() });
  };

  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {problemText(error)}
      </p>
    );
  }
  if (!data) return <div className="h-24 animate-pulse rounded-lg bg-stone-200" />;
  if (!data.available) {
    return <p className="text-sm text-stone-600">{t('notAvailable')}</p>;
  }

  if (recoveryCodes) {
    return (
      <div className="space-y-3">
        <Alert tone="warning">{t('saveRecoveryCodes', { count: RECOVERY_CODE_COUNT })}</Alert>
        <ol
          aria-label={t('recoveryCodes')}
          className="grid grid-cols-2 gap-2 rounded-lg bg-stone-100 p-3 font-mono text-sm"
        >
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(recoveryCodes.join('\n'))
                .then(() => toast({ title: t('recoveryCodesCopied') }))
            }
          >
            {t('copyCodes')}
          </Button>
          <Button
            onClick={() => {
              setRecoveryCodes(null);
              onSaved?.();
            }}
          >
            {t('savedThem')}
          </Button>
        </div>
      </div>
    );
  }

  if (data.enabled) {
    return (
      <Form
        className="space-y-3"
        noValidate
        onSubmit={onDisable}
        success={{ title: t('isOff') }}
        onSaved={() => setCode('')}
      >
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <Badge tone="green">{t('on')}</Badge>
          {data.enabledAt && (
            <span>{t('since', { time: formatTime(data.enabledAt, timeZone, 'dateTime') })}</span>
          )}
          <span>{t('codesLeft', { count: data.recoveryCodesLeft })}</span>
        </p>
        <Field label={t('codeToTurnOff')} id="two-factor-off-code">
          <Input
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder={t('offCodePlaceholder')}
          />
        </Field>
        <FormAlert />
        <FormSubmit variant="outline">{t('turnOff')}</FormSubmit>
      </Form>
    );
  }

  if (pending) {
    return (
      <Form
        className="space-y-3"
        noValidate
        onSubmit={onEnable}
        success={{ title: t('isOn') }}
        onSaved={({ recoveryCodes: codes }) => {
          setRecoveryCodes(codes);
          setPending(null);
          setCode('');
        }}
      >
        <p className="text-sm text-stone-700">{t('scanQr')}</p>
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pending.qrSvg)}`}
          alt={t('qrAlt')}
          className="size-48 rounded-lg border border-stone-200 bg-white"
        />
        <p className="text-sm text-stone-700">
          {t('enterKey')}{' '}
          <code
            aria-label={t('secretKey')}
            className="rounded bg-stone-100 px-1.5 py-0.5 break-all"
          >
            {pending.secret}
          </code>
        </p>
        <Field label={t('codeFromApp')} id="two-factor-setup-code">
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="123456"
          />
        </Field>
        <FormAlert />
        <div className="flex flex-wrap gap-2">
          <FormSubmit>{t('turnOn')}</FormSubmit>
          <Button variant="ghost" onClick={() => setPending(null)}>
            {t('cancel')}
          </Button>
        </div>
      </Form>
    );
  }

  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <Badge>{t('off')}</Badge>
        {t('offHint')}
      </p>
      {problem && <Alert tone="error">{problem}</Alert>}
      <Button onClick={() => void onStart()} disabled={setup.isPending}>
        {t('setUp')}
      </Button>
    </div>
  );
}
