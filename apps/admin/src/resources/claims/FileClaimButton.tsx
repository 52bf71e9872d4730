import Button from '@mui/material/Button';
import Icon from '@mui/icons-material/AssignmentOutlined';
import { Link, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { can } from '@shared/permissions';

/**
 * On a policy's page: opens the claim form with this family and policy filled in (react-admin's `source`
 * search parameter), for roles that may create claims.
 */
export function FileClaimButton({ family }: { family: string }) {
  const record = useRecordContext();
  const t = useTranslate();
  const { permissions: role } = usePermissions<string>();
  if (!record || !can(role, 'create', 'claims')) return null;
  const source = JSON.stringify({ product_family: family, policy_id: Number(record.id) });
  return (
    <Button component={Link} to={{ pathname: '/claims/create', search: `?source=${encodeURIComponent(source)}` }} startIcon={<Icon />} data-testid="file-claim">
      {t('resources.claims.actions.file_claim')}
    </Button>
  );
}
