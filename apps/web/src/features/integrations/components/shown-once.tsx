import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

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
      <p className="font-medium">{label}: copy it now, it is not shown again.</p>
      <code className="block break-all rounded bg-white px-2 py-1 font-mono text-xs text-stone-900">
        {secret}
      </code>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(secret)}
        >
          Copy
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </Alert>
  );
}
