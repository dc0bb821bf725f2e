import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { t } from '../messages';

/** A secret the server answers once: shown here until dismissed, never again. */
export function ShownOnce({
  label,
  secret,
  onDone,
}: {
  label: string;
  secret: string;
  onDone: () => void;
}) {
  return (
    <Alert tone="warning" className="space-y-2">
      <p className="font-medium">{t('copyNow', { label })}</p>
      <code className="block break-all rounded bg-white px-2 py-1 font-mono text-xs text-stone-900">
        {secret}
      </code>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(secret)}
        >
          {t('copy')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('done')}
        </Button>
      </div>
    </Alert>
  );
}
