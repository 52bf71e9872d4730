import Button from '@mui/material/Button';
import Download from '@mui/icons-material/GetApp';
import { useListContext, useResourceContext, useTranslate } from 'react-admin';
import { API } from '../providers/httpClient';

/**
 * Export of every row the list's filters match, in its sort: a plain download of the list route with
 * `format=csv`, which the server streams page by page, so any size leaves the browser's memory alone.
 */
export function ServerExportButton() {
  const t = useTranslate();
  const resource = useResourceContext();
  const { filter, filterValues, sort, total } = useListContext();
  if (!resource) return null;
  const query = new URLSearchParams({ format: 'csv', sort: JSON.stringify([sort.field, sort.order]), filter: JSON.stringify({ ...filterValues, ...filter }) });
  return (
    <Button size="small" component="a" href={`${API}/${resource}?${query.toString()}`} download startIcon={<Download />} disabled={!total} data-testid="export">
      {t('ra.action.export')}
    </Button>
  );
}
