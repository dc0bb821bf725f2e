import {
  GRANTABLE_PERMISSIONS,
  hasPermission,
  permissionsForRole,
  type GrantablePermission,
  type StaffMember,
} from '@tavola/contract';
import { Field } from '@/components/ui/field';
import { runSave } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';
import { useSetStaffPermissions } from '@/features/staff/api/set-staff-permissions';
import { t } from '../messages';

/**
 * The point-of-sale permissions of one member of staff: those their role has are on and fixed;
 * the others a manager grants or takes back, one switch each.
 */
export function PermissionGrants({ member }: { member: StaffMember }) {
  const save = useSetStaffPermissions();
  const fromRole = permissionsForRole(member.role);
  const grantedNow = member.grantedPermissions ?? [];
  const toggle = (permission: GrantablePermission, on: boolean) => {
    const granted = on
      ? [...new Set([...grantedNow, permission])]
      : grantedNow.filter((p) => p !== permission);
    void runSave(() => save.mutateAsync({ id: member.id, granted }), {
      success: {
        title: t('permissionsSaved'),
        description: granted.length
          ? t('granted', { name: member.name, what: granted.map((p) => t(p)).join(', ') })
          : t('grantedNothing', { name: member.name }),
      },
      failure: t('unableToUpdate'),
    });
  };
  return (
    <fieldset className="rounded-lg bg-stone-50 p-2">
      <legend className="sr-only">
        {t('posPermissions')}: {member.name}
      </legend>
      <p aria-hidden className="mb-1 text-xs font-semibold text-stone-600 uppercase">
        {t('posPermissions')}
      </p>
      <div className="grid grid-cols-2 gap-x-3 gap-y-2">
        {GRANTABLE_PERMISSIONS.map((permission) => {
          const byRole = hasPermission(fromRole, permission);
          const on = byRole || grantedNow.includes(permission);
          return (
            <Field
              key={permission}
              layout="inline"
              label={t(permission)}
              hint={byRole ? t('fromRole') : undefined}
              labelClassName="text-sm"
            >
              <Switch
                checked={on}
                disabled={byRole || save.isPending || member.status === 'inactive'}
                onCheckedChange={(checked) => toggle(permission, checked)}
              />
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
